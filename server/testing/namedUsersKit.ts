import { identitySettingsFromEnv } from '../audit/identity.ts'
import { proxyTrustFrom } from '../http/origin.ts'
import { openEmbeddedStore } from '../store/embedded.ts'
import { migrate } from '../store/migrations.ts'
import type { Store } from '../store/store.ts'
import { startTestDashboard, type TestDashboard } from './dashboardTestKit.ts'
import { embeddedDataDir } from './embeddedDataDir.ts'

export interface NamedUsersStack {
  store: Store
  dashboard: TestDashboard
  /** The header that names a user (the dashboard trusts it, as behind an authentication proxy). */
  as: (user: string) => Record<string, string>
  close(): Promise<void>
}

/**
 * The embedded store and a dashboard in front of `api` whose index refreshes every 100 ms, with users named by
 * X-Forwarded-User: for what the server keeps per user (digests, watches). `env` adds settings. Closing it leaves
 * the API to its owner.
 */
export async function startNamedUsersStack(
  api: { url: string; token: string },
  env: Record<string, string> = {},
): Promise<NamedUsersStack> {
  const store = await openEmbeddedStore(await embeddedDataDir())
  await migrate(store)
  const dashboard = await startTestDashboard({
    env: { EXEC_API_URL: api.url, EXEC_API_TOKEN: api.token, DASHBOARD_UPSTREAM_RATE: '200', ...env },
    store,
    index: { refreshMs: 100 },
    settings: {
      trust: proxyTrustFrom(true, undefined),
      identity: identitySettingsFromEnv({ DASHBOARD_USER_HEADER: 'X-Forwarded-User' }),
    },
  })
  return {
    store,
    dashboard,
    as: (user) => ({ 'X-Forwarded-User': user }),
    async close() {
      await dashboard.close()
      await store.close()
    },
  }
}
