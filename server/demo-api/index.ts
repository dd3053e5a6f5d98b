import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createDemoApp } from './app.ts'
import { resolveOptions } from './options.ts'
import type { DemoApiOptions } from './options.ts'

export { createDemoApp } from './app.ts'
export type { DemoRequestListener } from './app.ts'
export type { DemoApiOptions } from './options.ts'
export type { AttemptJson, ExecutionJson } from './model.ts'
export type { FaultRule } from './faults.ts'
export { FILTER_SEMANTICS } from './filters.ts'
export type { SeededCause } from './seedCauses.ts'
export {
  DEMO_FIXTURE_KEY,
  LOCKED_EXECUTION_ID,
  MARKUP_EXECUTION_ID,
  MARKUP_PIPELINE,
  ODD_EXECUTION_ID,
} from './seedSpecials.ts'

export interface RunningDemoApi {
  /** The spec's base_url, e.g. http://127.0.0.1:PORT/v2 */
  url: string
  origin: string
  token: string
  close: () => Promise<void>
}

export async function startDemoApi(
  options: DemoApiOptions & { port?: number; host?: string } = {},
): Promise<RunningDemoApi> {
  const { port = 0, host = '127.0.0.1', ...demoOptions } = options
  const settings = resolveOptions(demoOptions)
  const { app, stop } = createDemoApp(demoOptions)
  const server = createServer(app)
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, host, () => {
        server.off('error', reject)
        resolve()
      })
    })
  } catch (error) {
    stop()
    throw error
  }

  const { port: boundPort } = server.address() as AddressInfo
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${boundPort}`
  return {
    url: `${origin}${settings.basePath}`,
    origin,
    token: settings.token,
    close: () => {
      stop()
      return new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      })
    },
  }
}
