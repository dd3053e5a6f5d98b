import { createHash } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { Credentials } from '../auth/credentials.ts'
import { clientAddress, type ProxyTrust } from '../http/origin.ts'

/** Who may do what, and where the user's name comes from (DASHBOARD_USER_HEADER, …_GROUPS_HEADER, …_VIEWERS, …_OPERATORS). */
export interface IdentitySettings {
  /** The header a trusted authentication proxy names the user in (lower case), or null. */
  userHeader: string | null
  groupsHeader: string | null
  /** Users or groups who may look but not reschedule. */
  viewers: ReadonlySet<string>
  /** When set, only these users or groups may reschedule. */
  operators: ReadonlySet<string> | null
}

export const NO_IDENTITY_SETTINGS: IdentitySettings = {
  userHeader: null,
  groupsHeader: null,
  viewers: new Set(),
  operators: null,
}

export interface Identity {
  user: string
  /** Where the name came from. */
  via: 'proxy header' | 'signed-in token' | 'server token' | 'browser token'
  groups: string[]
  role: 'operator' | 'viewer'
  /** Why a viewer may not reschedule, in words; null for an operator. */
  refusal: string | null
}

const MAX_NAME = 200

function headerText(req: IncomingMessage, name: string | null): string | null {
  if (name === null) return null
  const value = req.headers[name]
  const text = (Array.isArray(value) ? value[0] : value)?.trim() ?? ''
  // A name is printable text of a sane length; anything else is no name at all.
  const printable = [...text].every((char) => char >= ' ' && char !== '\u007f')
  return text !== '' && text.length <= MAX_NAME && printable ? text : null
}

/** A short one-way mark of a token: tells tokens apart in the trail, reveals nothing of them. */
export const tokenMark = (authorization: string) =>
  createHash('sha256').update(authorization).digest('hex').slice(0, 12)

/**
 * Who is asking. A trusted proxy's header names the user (only when the request comes from a trusted proxy
 * address, DASHBOARD_TRUST_PROXY=1); otherwise the header is ignored, whatever it says, and the user is the
 * token (its one-way mark) or "server token" with the client's address.
 */
export function identify(
  req: IncomingMessage,
  credentials: Credentials,
  trust: ProxyTrust,
  settings: IdentitySettings,
): Identity {
  const fromProxy = trust.isTrusted(req.socket.remoteAddress)
  const named = fromProxy ? headerText(req, settings.userHeader) : null
  const groups = fromProxy
    ? (headerText(req, settings.groupsHeader) ?? '')
        .split(/[,\s]+/)
        .map((group) => group.trim())
        .filter(Boolean)
    : []
  let user: string
  let via: Identity['via']
  if (named !== null) {
    user = named
    via = 'proxy header'
  } else if (credentials.source === 'server') {
    user = `server token (${clientAddress(req, trust)})`
    via = 'server token'
  } else if (credentials.name) {
    // Self-declared at sign-in: the token's mark stays beside it, so two people giving one name stay apart.
    user = `${credentials.name} (token ${tokenMark(credentials.authorization)})`
    via = 'signed-in token'
  } else {
    user = `token ${tokenMark(credentials.authorization)}`
    via = credentials.source === 'session' ? 'signed-in token' : 'browser token'
  }
  const names = [user, ...groups]
  const inSet = (set: ReadonlySet<string>) => names.some((name) => set.has(name))
  let refusal: string | null = null
  if (inSet(settings.viewers))
    refusal = `${user} is a viewer on this dashboard (DASHBOARD_VIEWERS): looking only.`
  else if (settings.operators !== null && !inSet(settings.operators))
    refusal = `Only operators may reschedule on this dashboard (DASHBOARD_OPERATORS), and ${user} is not one.`
  return { user, via, groups, role: refusal === null ? 'operator' : 'viewer', refusal }
}

const list = (text: string | undefined) =>
  new Set(
    (text ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  )

export function identitySettingsFromEnv(env: NodeJS.ProcessEnv): IdentitySettings {
  const header = (name: string | undefined) => name?.trim().toLowerCase() || null
  const operators = list(env.DASHBOARD_OPERATORS)
  return {
    userHeader: header(env.DASHBOARD_USER_HEADER),
    groupsHeader: header(env.DASHBOARD_GROUPS_HEADER),
    viewers: list(env.DASHBOARD_VIEWERS),
    operators: operators.size > 0 ? operators : null,
  }
}
