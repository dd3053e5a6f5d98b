import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { build, preview } from 'vite'
import { startDemoApi } from '../../server/demo-api/index.ts'

const startPreview = () => preview({ preview: { port: 0, host: '127.0.0.1' }, logLevel: 'warn' })

function baseUrlOf(server: Awaited<ReturnType<typeof startPreview>>): string {
  return `http://127.0.0.1:${(server.httpServer.address() as AddressInfo).port}`
}

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
  // Short enough for a test to see the proxy's 504, long enough for every legitimate call.
  process.env.EXEC_API_TIMEOUT_MS = '3000'
  // Every test signs in from 127.0.0.1; the per-address limit has its own unit test.
  process.env.DASHBOARD_SIGN_IN_LIMIT = '1000'
  if (!existsSync('dist/index.html')) await build({ logLevel: 'warn' })
  const server = await startPreview()
  process.env.E2E_BASE_URL = baseUrlOf(server)
  // A second dashboard server without EXEC_API_TOKEN: users sign in (the BFF flow).
  delete process.env.EXEC_API_TOKEN
  const signInServer = await startPreview()
  process.env.E2E_SIGN_IN_BASE_URL = baseUrlOf(signInServer)
  process.env.E2E_DEMO_URL = demo.url
  process.env.E2E_DEMO_ORIGIN = demo.origin
  process.env.E2E_DEMO_TOKEN = demo.token

  return async () => {
    await Promise.all([server.close(), signInServer.close()])
    await demo.close()
  }
}
