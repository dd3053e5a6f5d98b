import { parseSessionTtl } from '../../auth/sessionKeys.ts'
import { SIGN_IN_ATTEMPTS_PER_MINUTE } from '../../auth/signInLimiter.ts'
import { flag, httpUrl, number, text, variable } from './kinds.ts'

const group = 'access'

const IDENTITY =
  'With `DASHBOARD_TRUST_PROXY=1` and a request from a trusted proxy only; otherwise ignored, whatever it ' +
  'says, and the user is then `server token (<client address>)` or `token <one-way mark>`.'
const ROLES =
  'Viewers may look, not reschedule; when operators are set, only they may reschedule. The server refuses ' +
  'others with 403 (`forbidden_role`), records the refusal, and sends nothing upstream.'

/** The session key is read further by auth/sessionKeys.ts, the proxies by http/origin.ts, people by audit/identity.ts. */
export const accessSettings = {
  DASHBOARD_SESSION_KEY: text({
    group,
    description:
      'Key(s) sealing the sign-in cookie: 32 bytes as hex or base64; `current,previous,…` for rotation. Make ' +
      'one with `openssl rand -hex 32`, the same on every replica. Required by `npm start` with ' +
      '`NODE_ENV=production` when users sign in; elsewhere a random key is made (sessions then end on restart).',
  }),
  DASHBOARD_SESSION_TTL: variable(
    {
      group,
      default: '8h',
      description: 'Session lifetime: seconds or `30m`/`8h`/`1d`; at least 60 s.',
    },
    parseSessionTtl,
    0,
  ),
  DASHBOARD_SIGN_IN_LIMIT: number(
    {
      group,
      default: String(SIGN_IN_ATTEMPTS_PER_MINUTE),
      description: 'Sign-in attempts per client address and minute; past it, 429 with `Retry-After`.',
    },
    { min: 1, unit: 'attempts per minute' },
  ),
  DASHBOARD_TRUST_PROXY: flag({
    group,
    default: '0',
    description:
      'Behind a reverse proxy, 1: believe `X-Forwarded-Proto/Host/For` (Secure cookie, host check, cross-site ' +
      'check, client address), but only from the proxies `DASHBOARD_TRUSTED_PROXIES` names (loopback when it ' +
      'names none), never from anyone else. Off: they are ignored.',
  }),
  DASHBOARD_TRUSTED_PROXIES: text({
    group,
    description:
      'With trust on: the proxy addresses or CIDR ranges (`10.0.0.5,10.0.1.0/24`, and `loopback` for a proxy ' +
      'on this machine) whose forwarded headers are believed; the list replaces the loopback default. The ' +
      'client is the rightmost `X-Forwarded-For` hop they did not add.',
  }),
  DASHBOARD_PUBLIC_ORIGIN: variable(
    {
      group,
      description:
        'The origin users open, e.g. `https://ops.example.com`; the cross-site check compares `Origin` with ' +
        'it. `https:` also turns on HSTS.',
    },
    (given): string | null =>
      httpUrl(given, `must be an http(s) origin such as https://ops.example.com, not "${given}"`).origin,
    null,
  ),
  DASHBOARD_USER_HEADER: text({
    group,
    example: 'X-Forwarded-User',
    description: `The header an authentication proxy names the user in (\`X-Forwarded-User\`, \`X-Auth-Request-Email\`). ${IDENTITY}`,
  }),
  DASHBOARD_GROUPS_HEADER: text({
    group,
    example: 'X-Forwarded-Groups',
    description: `The header an authentication proxy lists the user's groups in, a comma list. ${IDENTITY}`,
  }),
  DASHBOARD_VIEWERS: text({
    group,
    description: `A comma list of users or groups who may look but not reschedule. ${ROLES}`,
  }),
  DASHBOARD_OPERATORS: text({
    group,
    description: `A comma list of users or groups: when set, only they may reschedule. ${ROLES}`,
  }),
}
