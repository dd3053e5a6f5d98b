import { parseSessionKeys, parseSessionTtl, type SessionKeyring } from '../auth/sessionKeys.ts'
import { SIGN_IN_ATTEMPTS_PER_MINUTE } from '../auth/signInLimiter.ts'
import { DEFAULT_EXPORT_MAX_ROWS } from '../routes/exportStream.ts'
import { identitySettingsFromEnv, type IdentitySettings } from '../audit/identity.ts'
import { proxyTrustFrom, type ProxyTrust } from '../http/origin.ts'
import { DEFAULT_BUDGET, type BudgetSettings } from '../upstream/budget.ts'
import { DEFAULT_INDEX, type IndexSettings } from '../index/settings.ts'
import { DEFAULT_REUSE_MS } from '../upstream/client.ts'
import { parseLinkTemplates, type LinkSettings } from '../../shared/linkTemplates.ts'

export { DEFAULT_INDEX, type IndexSettings } from '../index/settings.ts'

const isOn = (value: string | undefined) => value === '1' || value?.toLowerCase() === 'true'

/** Everything the dashboard's server reads from its environment, for `vite`, `vite preview` and `npm start`. */
export interface DashboardSettings {
  sessionKeys: SessionKeyring
  sessionTtlMs: number
  trust: ProxyTrust
  publicOrigin: string | null
  signInAttemptsPerMinute: number
  exportMaxRows: number
  budget: BudgetSettings
  reuseMs: number
  index: IndexSettings
  /** Live streams one client address may hold (DASHBOARD_STREAMS_PER_ADDRESS). */
  streamsPerAddress: number
  /** The embedded store's directory, or null with DATABASE_URL. */
  dataDir: string
  databaseUrl: string | null
  /** Who the user is and what they may do (DASHBOARD_USER_HEADER, …_GROUPS_HEADER, …_VIEWERS, …_OPERATORS). */
  identity: IdentitySettings
  /** How long audit records are kept (DASHBOARD_AUDIT_DAYS, default 90). */
  auditDays: number
  /** Log and trace links (DASHBOARD_LINKS, DASHBOARD_LINKS_MARGIN_MS). */
  links: LinkSettings
  /** How long away from a view before "since you last looked" shows (DASHBOARD_DIGEST_AWAY_MS, default 60 s). */
  digestAwayMs: number
  /** Where notices of watches are posted as Slack-compatible JSON (DASHBOARD_WEBHOOK_URL; a secret, never logged). */
  webhookUrl: string | null
}

/** An http(s) URL from the environment; null when unset; `problem` is thrown (with the value only when it is no secret). */
function parseHttpUrl(value: string | undefined, problem: (text: string) => string): URL | null {
  const text = value?.trim() ?? ''
  if (text === '') return null
  try {
    const url = new URL(text)
    if (url.protocol === 'http:' || url.protocol === 'https:') return url
  } catch {
    // Reported below.
  }
  throw new Error(problem(text))
}

const parseWebhookUrl = (value: string | undefined) =>
  parseHttpUrl(
    value,
    // Without the value: a webhook's address is a secret.
    () => 'DASHBOARD_WEBHOOK_URL must be an http(s) URL such as https://hooks.slack.com/services/…',
  )?.href ?? null

const parsePublicOrigin = (value: string | undefined) =>
  parseHttpUrl(
    value,
    (text) =>
      `DASHBOARD_PUBLIC_ORIGIN must be an http(s) origin such as https://ops.example.com, not "${text}"`,
  )?.origin ?? null

/** A whole (or, with `fraction`, any) number from `min` up, or undefined when unset; else start-up stops. */
export function parseNumber(
  name: string,
  value: string | undefined,
  options: { min: number; fraction?: boolean; unit: string },
): number | undefined {
  if (value === undefined || value.trim() === '') return undefined
  const number = Number(value)
  const ok =
    Number.isFinite(number) && number >= options.min && (options.fraction || Number.isInteger(number))
  if (!ok) {
    const kind = options.fraction ? 'a number' : 'a whole number'
    throw new Error(`${name} must be ${kind} of ${options.unit} from ${options.min} up, not “${value}”.`)
  }
  return number
}

/** DASHBOARD_EXPORT_MAX_ROWS: a positive whole number; anything else stops start-up with the reason. */
function parseExportMaxRows(value: string | undefined): number {
  return parseNumber('DASHBOARD_EXPORT_MAX_ROWS', value, { min: 1, unit: 'rows' }) ?? DEFAULT_EXPORT_MAX_ROWS
}

function indexSettings(env: NodeJS.ProcessEnv): IndexSettings {
  const ms = (name: string, fallback: number, min: number) =>
    parseNumber(name, env[name], { min, unit: 'milliseconds' }) ?? fallback
  return {
    enabled: env.DASHBOARD_INDEX?.trim() !== '0',
    refreshMs: ms('DASHBOARD_INDEX_REFRESH_MS', DEFAULT_INDEX.refreshMs, 500),
    fullRescanMs: ms('DASHBOARD_INDEX_RESCAN_MS', DEFAULT_INDEX.fullRescanMs, 10_000),
    maxRows:
      parseNumber('DASHBOARD_INDEX_MAX_ROWS', env.DASHBOARD_INDEX_MAX_ROWS, { min: 1, unit: 'rows' }) ??
      DEFAULT_INDEX.maxRows,
    liveMinMs: ms('DASHBOARD_LIVE_MIN_MS', DEFAULT_INDEX.liveMinMs, 200),
  }
}

/** {from}/{to} of a log link reach this far before and after what they cover. */
const DEFAULT_LINK_MARGIN_MS = 5 * 60_000

/** Throws a message fit for the operator on any bad value. */
export function settingsFromEnv(
  env: NodeJS.ProcessEnv,
  options: { production: boolean; signInMode: boolean },
): DashboardSettings {
  // Only the production server insists on a session key; dev and preview may use a random one.
  const keyEnv = options.production ? env : { ...env, NODE_ENV: undefined }
  const budget: BudgetSettings = {
    burst:
      parseNumber('DASHBOARD_UPSTREAM_BURST', env.DASHBOARD_UPSTREAM_BURST, { min: 1, unit: 'calls' }) ??
      DEFAULT_BUDGET.burst,
    ratePerSecond:
      parseNumber('DASHBOARD_UPSTREAM_RATE', env.DASHBOARD_UPSTREAM_RATE, {
        min: 0.01,
        fraction: true,
        unit: 'calls a second',
      }) ?? DEFAULT_BUDGET.ratePerSecond,
  }
  return {
    sessionKeys: parseSessionKeys(keyEnv, { signInMode: options.signInMode }),
    sessionTtlMs: parseSessionTtl(env.DASHBOARD_SESSION_TTL),
    trust: proxyTrustFrom(isOn(env.DASHBOARD_TRUST_PROXY), env.DASHBOARD_TRUSTED_PROXIES),
    publicOrigin: parsePublicOrigin(env.DASHBOARD_PUBLIC_ORIGIN),
    signInAttemptsPerMinute:
      parseNumber('DASHBOARD_SIGN_IN_LIMIT', env.DASHBOARD_SIGN_IN_LIMIT, {
        min: 1,
        unit: 'attempts per minute',
      }) ?? SIGN_IN_ATTEMPTS_PER_MINUTE,
    exportMaxRows: parseExportMaxRows(env.DASHBOARD_EXPORT_MAX_ROWS),
    budget,
    reuseMs:
      parseNumber('DASHBOARD_REUSE_MS', env.DASHBOARD_REUSE_MS, { min: 0, unit: 'milliseconds' }) ??
      DEFAULT_REUSE_MS,
    index: indexSettings(env),
    streamsPerAddress:
      parseNumber('DASHBOARD_STREAMS_PER_ADDRESS', env.DASHBOARD_STREAMS_PER_ADDRESS, {
        min: 1,
        unit: 'streams',
      }) ?? 50,
    dataDir: env.DASHBOARD_DATA_DIR?.trim() || './data',
    databaseUrl: env.DATABASE_URL?.trim() || null,
    identity: identitySettingsFromEnv(env),
    auditDays: parseNumber('DASHBOARD_AUDIT_DAYS', env.DASHBOARD_AUDIT_DAYS, { min: 1, unit: 'days' }) ?? 90,
    links: {
      links: parseLinkTemplates(env.DASHBOARD_LINKS),
      marginMs:
        parseNumber('DASHBOARD_LINKS_MARGIN_MS', env.DASHBOARD_LINKS_MARGIN_MS, {
          min: 0,
          unit: 'milliseconds',
        }) ?? DEFAULT_LINK_MARGIN_MS,
    },
    digestAwayMs:
      parseNumber('DASHBOARD_DIGEST_AWAY_MS', env.DASHBOARD_DIGEST_AWAY_MS, {
        min: 0,
        unit: 'milliseconds',
      }) ?? 60_000,
    webhookUrl: parseWebhookUrl(env.DASHBOARD_WEBHOOK_URL),
  }
}
