import type { AddressInfo } from 'node:net'
import { preview } from 'vite'
import type { DashboardStack } from './dashboardStack.ts'

/** Where globalSetup puts the development build (React reports its warnings there). */
export const DEV_BUILD_DIR = 'node_modules/.cache/execution-dashboard/dev-dist'

/** The development build behind the real proxy, holding the worker's demo API token. */
export async function startDevDashboard(stack: DashboardStack) {
  process.env.EXEC_API_URL = stack.demoUrl
  process.env.EXEC_API_TOKEN = stack.demoToken
  try {
    const server = await preview({
      build: { outDir: DEV_BUILD_DIR },
      preview: { port: 0, host: '127.0.0.1' },
      logLevel: 'warn',
    })
    const { port } = server.httpServer.address() as AddressInfo
    return { baseURL: `http://127.0.0.1:${port}`, close: () => server.close() }
  } finally {
    delete process.env.EXEC_API_TOKEN
  }
}
