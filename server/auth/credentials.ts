import type { IncomingMessage, ServerResponse } from 'node:http'
import { readSession, setSessionCookie, type SessionSettings } from './sessionCookie.ts'

/** Where the Authorization sent upstream came from; decides what a 401 from upstream means. */
export type CredentialSource = 'server' | 'session' | 'browser'

export interface Credentials {
  /** `Bearer <token>` as sent upstream. */
  authorization: string
  source: CredentialSource
  /** The name a signed-in user gave (self-declared), for the audit trail; null when none. */
  name?: string | null
  /** Who asks (their client address): the index shares its work, and caps its views, per client. */
  client?: string
}

/** What the dashboard keeps of text a user typed (a reschedule's body, a note, a label): never the token in it. */
export function withoutToken(text: string, credentials: Credentials): string {
  const secret = credentials.authorization.replace(/^Bearer\s+/i, '')
  return secret !== '' && text.includes(secret) ? '(withheld: it contained the token)' : text
}

/**
 * The server's token wins; else the signed-in session's (re-sealed when an old key opened it); else a
 * browser's own Authorization when it has no session cookie. A cookie that no longer opens is a session
 * that ended: null, and no API call is made with nothing in its place.
 */
export function credentialsFor(
  req: IncomingMessage,
  res: ServerResponse,
  serverToken: string | null,
  session: SessionSettings,
): Credentials | null {
  if (serverToken) return { authorization: `Bearer ${serverToken}`, source: 'server' }
  const read = readSession(req, session)
  if (read.state === 'valid') {
    if (read.sealedWithPrevious) setSessionCookie(req, res, read.token, session, read.issuedAt, read.name)
    return { authorization: `Bearer ${read.token}`, source: 'session', name: read.name }
  }
  const fromBrowser = req.headers.authorization
  if (read.state === 'none' && fromBrowser) return { authorization: fromBrowser, source: 'browser' }
  return null
}
