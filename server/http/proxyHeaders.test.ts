import { mkdtempSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startProductionServer } from '../production.ts'
import { embeddedDataDir } from '../testing/embeddedDataDir.ts'
import { close, listen, rawRequest } from '../testing/httpTestKit.ts'

/*
 * Proxy headers only from the proxy (issue 24 §3), against `npm start`'s server. 127.0.0.2 stands for the
 * reverse proxy (DASHBOARD_TRUSTED_PROXIES); a request from 127.0.0.1 is a client reaching the port directly.
 */
const PROXY = '127.0.0.2'
const CLIENT = '127.0.0.1'

const distDir = mkdtempSync(path.join(tmpdir(), 'dashboard-dist-'))
writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>')

let listCalls = 0
const api = http.createServer((req, res) => {
  req.resume()
  const signedIn = req.headers.authorization === 'Bearer good-token-1234'
  if (req.url?.endsWith('/executions') && req.headers.authorization === 'Bearer server-token-1234')
    listCalls += 1
  if (req.headers.authorization !== 'Bearer server-token-1234' && !signedIn)
    return res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"error":"unauthorized"}')
  res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"data":[],"page_info":{}}')
})

let apiUrl = ''
type Running = Awaited<ReturnType<typeof startProductionServer>>
const running: Running[] = []
async function start(env: Record<string, string>) {
  const server = await startProductionServer({
    port: 0,
    host: '127.0.0.1',
    distDir,
    env: {
      EXEC_API_URL: `${apiUrl}/v2`,
      DASHBOARD_DATA_DIR: await embeddedDataDir(),
      DASHBOARD_TRUST_PROXY: '1',
      DASHBOARD_TRUSTED_PROXIES: PROXY,
      LOG_LEVEL: 'silent',
      ...env,
    },
  })
  running.push(server)
  return server.port
}

let signInPort = 0
let tokenPort = 0
beforeAll(async () => {
  apiUrl = await listen(api)
  signInPort = await start({})
  tokenPort = await start({ EXEC_API_TOKEN: 'server-token-1234', DASHBOARD_ALLOWED_HOSTS: 'ops.example.com' })
}, 30_000)
afterAll(async () => {
  await Promise.all(running.map((server) => server.close(1_000)))
  await close(api)
})

function signIn(from: string, forwardedFor: string, token = 'wrong-token-1234') {
  return rawRequest(`http://127.0.0.1:${signInPort}/api/session`, {
    method: 'POST',
    localAddress: from,
    headers: {
      Host: `127.0.0.1:${signInPort}`,
      'Content-Type': 'application/json',
      'X-Forwarded-For': forwardedFor,
    },
    body: JSON.stringify({ token }),
  })
}

describe('X-Forwarded-For', () => {
  it('cannot be used to pick an address: the sign-in limit holds through the proxy, and others still sign in', async () => {
    // nginx's $proxy_add_x_forwarded_for appends the real client to whatever the client sent.
    const attempts = []
    for (let n = 0; n < 100; n += 1) attempts.push(await signIn(PROXY, `6.6.${n}.6, 203.0.113.7`))
    const limited = attempts.filter((answer) => answer.status === 429)
    expect(limited).toHaveLength(90)
    expect(limited[0]?.body).toContain('sign_in_rate_limited')
    const neighbour = await signIn(PROXY, '203.0.113.8', 'good-token-1234')
    expect(neighbour.status).toBe(200)
  })

  it('from a client reaching the port directly is ignored: its own address is limited', async () => {
    const statuses = []
    for (let n = 0; n < 12; n += 1) statuses.push((await signIn(CLIENT, `9.9.${n}.9`)).status)
    expect(statuses.filter((status) => status === 429)).toHaveLength(2)
  })
})

describe('X-Forwarded-Host', () => {
  it('from a peer that is not the proxy never passes the host check: a rebinding page exports nothing', async () => {
    const before = listCalls
    const rebound = await rawRequest(`http://127.0.0.1:${tokenPort}/api/export/executions?format=csv`, {
      localAddress: CLIENT,
      headers: { Host: `attacker.example:${tokenPort}`, 'X-Forwarded-Host': 'ops.example.com' },
    })
    expect(rebound.status).toBe(421)
    expect(rebound.body).toContain('misdirected_request')
    expect(listCalls).toBe(before)
    const viaProxy = await rawRequest(`http://127.0.0.1:${tokenPort}/api/export/executions?format=csv`, {
      localAddress: PROXY,
      headers: { Host: `127.0.0.1:${tokenPort}`, 'X-Forwarded-Host': 'ops.example.com' },
    })
    expect(viaProxy.status).toBe(200)
    expect(listCalls).toBe(before + 1)
  })
})
