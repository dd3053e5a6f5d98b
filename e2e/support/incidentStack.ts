import { randomBytes } from 'node:crypto'
import { startDemoApi } from '../../server/demo-api/index.ts'
import { startExtraDashboard } from './dashboardStack.ts'
import { DemoControl } from './fixtures.ts'

/**
 * A demo API seeded with the failure causes (the last hour's incident among them: server/demo-api/seedCauses.ts)
 * and a dashboard of its own in front of it, for the tests that walk the incident the operator's guide walks. The
 * worker's own demo is left as the other tests expect it.
 */
export async function startIncidentStack(env: Record<string, string> = {}) {
  const demoOptions = {
    simulate: false,
    causes: true,
    basePath: '/incident/v2',
    token: `incident-${randomBytes(8).toString('hex')}`,
  }
  let api = await startDemoApi(demoOptions)
  const port = Number(new URL(api.origin).port)
  try {
    const dashboard = await startExtraDashboard({
      EXEC_API_URL: api.url,
      EXEC_API_TOKEN: api.token,
      DASHBOARD_INDEX_REFRESH_MS: '1000',
      ...env,
    })
    return {
      baseURL: dashboard.baseURL,
      demo: new DemoControl(api.origin, api.token),
      /** The API goes away: its port refuses connections. */
      stopApi: () => api.close(),
      /** And comes back on the same port, seeded afresh. */
      startApi: async () => {
        api = await startDemoApi({ ...demoOptions, port })
      },
      close: async () => {
        await dashboard.close()
        await api.close().catch(() => {})
      },
    }
  } catch (error) {
    await api.close()
    throw error
  }
}

/** Clicks and counts them, as keyboardCounter counts keys: the walkthrough's budget is in both. */
export function clickCounter() {
  let clicks = 0
  return {
    click: async (target: { click: () => Promise<void> }) => {
      clicks += 1
      await target.click()
    },
    get count() {
      return clicks
    },
  }
}
