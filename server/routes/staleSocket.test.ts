import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawRequest } from '../testing/httpTestKit.ts'
import { startTestDashboard, type TestDashboard } from '../testing/dashboardTestKit.ts'

/** An API that answers the first request on a connection and drops the connection on the second. */
let connections = 0
const api = net.createServer((socket) => {
  connections += 1
  let requests = 0
  socket.on('error', () => {})
  socket.on('data', () => {
    requests += 1
    if (requests > 1) socket.destroy()
    else
      socket.write(
        'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\n{}',
      )
  })
})
let proxy: TestDashboard
let base = ''

beforeAll(async () => {
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
  const { port } = api.address() as AddressInfo
  proxy = await startTestDashboard({
    env: { EXEC_API_URL: `http://127.0.0.1:${port}/v2`, EXEC_API_TOKEN: 'tok-123456' },
  })
  base = proxy.url
})
afterAll(async () => {
  await proxy.close()
  await new Promise((resolve) => api.close(resolve))
})

const list = () =>
  rawRequest(`${base}/api/executions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-HTTP-Method-Override': 'GET' },
    body: '{"page":{"first":1}}',
  })

describe('a kept-alive upstream socket closed under a request', () => {
  it('is retried once on a fresh connection for a read', async () => {
    expect((await list()).status).toBe(200)
    const before = connections
    expect((await list()).status).toBe(200)
    expect(connections).toBe(before + 1)
  })

  it('is never retried for a reschedule', async () => {
    const patch = () =>
      rawRequest(`${base}/api/executions/e1/schedule`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: '{"schedule_for":true}',
      })
    // A read leaves a kept-alive socket that the API will drop on its next request.
    await list()
    const before = connections
    const answer = await patch()
    expect(answer.status).toBe(502)
    expect(connections).toBe(before)
  })
})
