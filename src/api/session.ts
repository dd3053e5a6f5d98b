import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { callRoute } from './route'
import type { ReadResult } from '../../shared/readResult'

export { REFUSED_TOKEN_CODES } from '../../shared/errorSignals'

/** How the dashboard's server reaches the API: with its own token, or with the one a user signs in with. */
export interface Session {
  mode: 'server-token' | 'sign-in'
  /** Scheme, host and path of the API; never credentials. */
  api: string
  signedIn: boolean
  /** The upstream is the dashboard's built-in demo API. */
  demo?: boolean
  /** The browser's session cookie no longer opens (expired, signed with a retired key, tampered). */
  sessionEnded?: boolean
}

const flag = (value: unknown) => value === undefined || typeof value === 'boolean'

/** The dashboard's own answer about the session; its server's contract, read field by field. */
export function readSession(payload: unknown): ReadResult<Session> {
  const record = (payload !== null && typeof payload === 'object' ? payload : {}) as Record<string, unknown>
  const problems = [
    record['mode'] === 'server-token' || record['mode'] === 'sign-in' ? null : 'mode',
    typeof record['api'] === 'string' ? null : 'api',
    typeof record['signedIn'] === 'boolean' ? null : 'signedIn',
    flag(record['demo']) ? null : 'demo',
    flag(record['sessionEnded']) ? null : 'sessionEnded',
  ].flatMap((path) => (path === null ? [] : [{ path, message: 'missing or of the wrong type' }]))
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: record as unknown as Session }
}

export const sessionKeys = { all: ['session'] as const }

export function sessionQuery() {
  return queryOptions({
    queryKey: sessionKeys.all,
    queryFn: ({ signal }) => callRoute('session', { read: readSession, signal }),
    staleTime: Infinity,
  })
}

/** What the sign-in form says when a session ended without the user signing out. */
export const SESSION_ENDED_NOTICE = 'Your session has ended; sign in again.'

/**
 * Everything the last user's session left in the caches: its answers (lists, attempts, reports) and what it
 * sent (reschedule mutations). The session query itself stays; the caller sets it to the new session.
 */
export function forgetSessionData(client: QueryClient): void {
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] })
  client.getMutationCache().clear()
}
