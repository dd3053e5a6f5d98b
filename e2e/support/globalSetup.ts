import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { build, preview } from 'vite'
import { startDemoApi } from '../../server/demo-api/index.ts'

/**
 * Starts the demo API (frozen, so rows stay put) and the built dashboard behind its real proxy,
 * both on free ports, and hands their addresses to the tests through the environment.
 */
export default async function globalSetup() {
  // A path prefix and a random token, as a real deployment would have.
  const demo = await startDemoApi({
    simulate: false,
    basePath: '/some/prefix/v2',
    token: `e2e-${randomBytes(12).toString('hex')}`,
  })
  process.env.EXEC_API_URL = demo.url
  process.env.EXEC_API_TOKEN = demo.token
  if (!existsSync('dist/index.html')) await build({ logLevel: 'warn' })
  const server = await preview({ preview: { port: 0, host: '127.0.0.1' }, logLevel: 'warn' })
  const address = server.httpServer.address() as AddressInfo
  process.env.E2E_BASE_URL = `http://127.0.0.1:${address.port}`
  process.env.E2E_DEMO_URL = demo.url
  process.env.E2E_DEMO_ORIGIN = demo.origin
  process.env.E2E_DEMO_TOKEN = demo.token

  return async () => {
    await server.close()
    await demo.close()
  }
}
