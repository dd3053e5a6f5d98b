import http from 'node:http'
import { randomBytes } from 'node:crypto'
import { ROUTE_NAMES } from '../../shared/api/routes.ts'
import { NO_IDENTITY_SETTINGS } from '../audit/identity.ts'
import { TRUST_NO_PROXY } from '../http/origin.ts'
import { createApiRoutes, type RouteTable } from '../routes/api.ts'
import { createUpstreamClient } from '../upstream/client.ts'
import { parseUpstreamConfig } from '../upstream/config.ts'
import { close, listen } from './httpTestKit.ts'

/**
 * A few routes behind the one router, with the server's token as every caller's credentials: a route's handler
 * tested through the request it would get (its query and body read by the route table's schemas). A route not
 * given fails the test that reaches it.
 */
export async function serveRoutes(routes: Partial<RouteTable>) {
  const config = parseUpstreamConfig({ EXEC_API_URL: 'http://127.0.0.1:9', EXEC_API_TOKEN: 't0ken' })
  const client = createUpstreamClient(config)
  const missing = () => Promise.reject(new Error('a route this test did not give'))
  const table = Object.fromEntries(ROUTE_NAMES.map((name) => [name, routes[name] ?? missing])) as RouteTable
  const handle = createApiRoutes({
    routes: table,
    session: { keys: { current: randomBytes(32), previous: [] }, ttlMs: 60_000, trust: TRUST_NO_PROXY },
    origin: { trust: TRUST_NO_PROXY, publicOrigin: null },
    trust: TRUST_NO_PROXY,
    identity: NO_IDENTITY_SETTINGS,
    upstream: { client, name: 'test' },
  })
  const server = http.createServer((req, res) => handle(req, res, () => res.writeHead(404).end()))
  const url = await listen(server)
  return {
    url,
    close: async () => {
      await close(server)
      client.close()
    },
  }
}
