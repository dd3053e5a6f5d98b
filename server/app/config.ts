import { parseSessionKeys, type SessionKeyring } from '../auth/sessionKeys.ts'
import { identitySettingsFromEnv, type IdentitySettings } from '../audit/identity.ts'
import { proxyTrustFrom, type ProxyTrust } from '../http/origin.ts'
import type { BudgetSettings } from '../upstream/budget.ts'
import type { IndexSettings } from '../index/settings.ts'
import type { LinkSettings } from '../../shared/linkTemplates.ts'
import { readSettings, type EnvSettings } from './settings/schema.ts'

export { DEFAULT_INDEX, type IndexSettings } from '../index/settings.ts'
export { readSettings, type EnvSettings } from './settings/schema.ts'

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
  /** Live streams the whole process may hold (DASHBOARD_MAX_STREAMS). */
  maxStreams: number
  /** The embedded store's directory, or null with DATABASE_URL. */
  dataDir: string
  /**
   * Initialised, empty databases a new data directory may start from, the first usable one; absent: the build's,
   * beside the server's code. `npm run dev` has no build: it names the one `npm install` made, then the last build's.
   */
  storeTemplates?: readonly string[]
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

/** The dashboard's settings from the variables read (settings/schema.ts); throws a message fit for the operator. */
export function dashboardSettings(
  values: EnvSettings,
  options: { production: boolean; signInMode: boolean; storeTemplates?: readonly string[] },
): DashboardSettings {
  // Only the production server insists on a session key; dev and preview may use a random one.
  const keyEnv = {
    DASHBOARD_SESSION_KEY: values.DASHBOARD_SESSION_KEY,
    NODE_ENV: options.production ? values.NODE_ENV : undefined,
  }
  const index: IndexSettings = values.index
  return {
    sessionKeys: parseSessionKeys(keyEnv, { signInMode: options.signInMode }),
    sessionTtlMs: values.DASHBOARD_SESSION_TTL,
    trust: proxyTrustFrom(values.DASHBOARD_TRUST_PROXY, values.DASHBOARD_TRUSTED_PROXIES),
    publicOrigin: values.DASHBOARD_PUBLIC_ORIGIN,
    signInAttemptsPerMinute: values.DASHBOARD_SIGN_IN_LIMIT,
    exportMaxRows: values.DASHBOARD_EXPORT_MAX_ROWS,
    budget: { burst: values.DASHBOARD_UPSTREAM_BURST, ratePerSecond: values.DASHBOARD_UPSTREAM_RATE },
    reuseMs: values.DASHBOARD_REUSE_MS,
    index,
    streamsPerAddress: values.DASHBOARD_STREAMS_PER_ADDRESS,
    maxStreams: values.DASHBOARD_MAX_STREAMS,
    dataDir: values.DASHBOARD_DATA_DIR,
    ...(options.storeTemplates === undefined ? {} : { storeTemplates: options.storeTemplates }),
    databaseUrl: values.DATABASE_URL ?? null,
    identity: identitySettingsFromEnv({
      DASHBOARD_USER_HEADER: values.DASHBOARD_USER_HEADER,
      DASHBOARD_GROUPS_HEADER: values.DASHBOARD_GROUPS_HEADER,
      DASHBOARD_VIEWERS: values.DASHBOARD_VIEWERS,
      DASHBOARD_OPERATORS: values.DASHBOARD_OPERATORS,
    }),
    auditDays: values.DASHBOARD_AUDIT_DAYS,
    links: { links: values.DASHBOARD_LINKS, marginMs: values.DASHBOARD_LINKS_MARGIN_MS },
    digestAwayMs: values.DASHBOARD_DIGEST_AWAY_MS,
    webhookUrl: values.DASHBOARD_WEBHOOK_URL,
  }
}

/** Everything the dashboard's server reads from an environment; throws a message fit for the operator on any bad value. */
export function settingsFromEnv(
  env: NodeJS.ProcessEnv,
  options: { production: boolean; signInMode: boolean },
): DashboardSettings {
  return dashboardSettings(readSettings(env), options)
}

/** What the request log (http/requestLog.ts) reads, as read here. */
export const requestLogEnv = (values: EnvSettings) => ({
  LOG_LEVEL: values.LOG_LEVEL,
  EXEC_PROXY_LOG: values.EXEC_PROXY_LOG ? '1' : undefined,
})

/** What the upstream's parsers (upstream/config.ts, upstream/upstreams.ts) read, as read here. */
export const upstreamEnv = (values: EnvSettings) => ({
  EXEC_API_URL: values.EXEC_API_URL,
  EXEC_API_TOKEN: values.EXEC_API_TOKEN,
  EXEC_API_TIMEOUT_MS: values.EXEC_API_TIMEOUT_MS,
  EXEC_API_UPSTREAMS: values.EXEC_API_UPSTREAMS,
})
