import { createHash } from 'node:crypto'
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startProductionServer } from './production.ts'
import { embeddedDataDir } from './testing/embeddedDataDir.ts'
import { close, listen, rawRequest } from './testing/httpTestKit.ts'

const THEME_SCRIPT = 'document.documentElement.dataset.theme = "dark"'
const distDir = mkdtempSync(path.join(tmpdir(), 'dashboard-dist-'))
mkdirSync(path.join(distDir, 'assets'))
writeFileSync(
  path.join(distDir, 'index.html'),
  `<!doctype html><script>${THEME_SCRIPT}</script><div id="root"></div>`,
)
const asset = 'console.log("app")'.repeat(50)
writeFileSync(path.join(distDir, 'assets', 'app-Ab12Cd.js'), asset)
writeFileSync(path.join(distDir, 'assets', 'app-Ab12Cd.js.br'), brotliCompressSync(asset))
writeFileSync(path.join(distDir, 'assets', 'app-Ab12Cd.js.gz'), gzipSync(asset))
mkdirSync(path.join(distDir, '.vite'))
writeFileSync(path.join(distDir, '.vite', 'manifest.json'), '{}')

let release: () => void = () => {}
const api = http.createServer((req, res) => {
  req.resume()
  const answer = () =>
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"data":[],"page_info":{}}')
  if (req.method === 'PATCH') release = answer
  else answer()
})
let apiUrl = ''
let running: Awaited<ReturnType<typeof startProductionServer>>
let base = ''

beforeAll(async () => {
  apiUrl = await listen(api)
  running = await startProductionServer({
    port: 0,
    host: '127.0.0.1',
    distDir,
    env: {
      EXEC_API_URL: `${apiUrl}/v2`,
      EXEC_API_TOKEN: 'prod-token',
      DASHBOARD_METRICS: '1',
      DASHBOARD_DATA_DIR: await embeddedDataDir(),
      LOG_LEVEL: 'silent',
    },
  })
  base = `http://127.0.0.1:${running.port}`
})
afterAll(async () => {
  await close(api)
})

describe('what the production server sends', () => {
  it('index.html: no-cache, a CSP that allows its inline script by hash, no framing', async () => {
    const response = await rawRequest(`${base}/`, { headers: { Accept: 'text/html' } })
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64')
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.headers['content-security-policy']).toContain(`'sha256-${hash}'`)
    expect(response.headers['content-security-policy']).not.toContain('unsafe-inline')
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(response.headers['x-frame-options']).toBe('DENY')
    expect(response.headers['permissions-policy']).toContain('camera=()')
  })

  it('hashed assets: cached for a year, brotli or gzip as the browser accepts', async () => {
    const br = await rawRequest(`${base}/assets/app-Ab12Cd.js`, {
      headers: { 'Accept-Encoding': 'gzip, br' },
    })
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(br.headers['content-encoding']).toBe('br')
    const gz = await rawRequest(`${base}/assets/app-Ab12Cd.js`, { headers: { 'Accept-Encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    const plain = await rawRequest(`${base}/assets/app-Ab12Cd.js`)
    expect(plain.body).toBe(asset)
  })

  it('a missing asset is a 404; only navigations fall back to index.html', async () => {
    expect((await rawRequest(`${base}/assets/missing.js`, { headers: { Accept: 'text/html' } })).status).toBe(
      404,
    )
    expect((await rawRequest(`${base}/some/view`, { headers: { Accept: 'text/html' } })).body).toContain(
      'id="root"',
    )
    expect(
      (await rawRequest(`${base}/some/view.json`, { headers: { Accept: 'application/json' } })).status,
    ).toBe(404)
  })

  it('healthz without the API, readyz with it', async () => {
    expect(JSON.parse((await rawRequest(`${base}/healthz`)).body)).toEqual({ status: 'ok' })
    expect((await rawRequest(`${base}/readyz`)).status).toBe(200)
  })

  it('answers only to its own host names', async () => {
    const response = await rawRequest(`${base}/api/executions`, { headers: { Host: 'evil.example' } })
    expect(response.status).toBe(421)
  })

  it('counts requests for Prometheus', async () => {
    await rawRequest(`${base}/api/executions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-HTTP-Method-Override': 'GET' },
      body: '{"page":{"first":1}}',
    })
    const metrics = (await rawRequest(`${base}/metrics`)).body
    expect(metrics).toMatch(/dashboard_requests_total\{route="list_executions",status="200"\} \d+/)
    // prom-client writes `le` first; Prometheus reads labels by name, in any order.
    expect(metrics).toContain('dashboard_request_duration_seconds_bucket{le="+Inf",route="list_executions"}')
    expect(metrics).toMatch(/dashboard_upstream_calls\{lane="user"\} [1-9]/)
    expect(metrics).toMatch(/dashboard_index_executions \d+/)
    expect(metrics).toMatch(/dashboard_memory_bytes\{kind="heap_used"\} \d+/)
  })
})

describe('a graceful stop', () => {
  it('lets a reschedule in flight get its answer, then stops accepting', async () => {
    const reschedule = rawRequest(`${base}/api/executions/e1/schedule`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: '{"schedule_for":true}',
    })
    await expect.poll(() => release.name).toBe('answer')
    const stopped = running.close(5_000)
    release()
    expect((await reschedule).status).toBe(200)
    await stopped
    await expect(rawRequest(`${base}/healthz`)).rejects.toThrow()
  })
})

describe('slow clients', () => {
  it('a client that never finishes its headers is cut off, and others are still served', async () => {
    const strict = await startProductionServer({
      port: 0,
      host: '127.0.0.1',
      distDir,
      env: {
        EXEC_API_URL: `${apiUrl}/v2`,
        EXEC_API_TOKEN: 'prod-token',
        LOG_LEVEL: 'silent',
        DASHBOARD_INDEX: '0',
      },
      timeouts: { headersMs: 200, requestMs: 400, checkEveryMs: 50 },
    })
    const socket = net.connect(strict.port, '127.0.0.1')
    socket.on('error', () => {})
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n')
    const ended = new Promise<string>((resolve) => {
      let answer = ''
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()))
      socket.on('close', () => resolve(answer))
    })
    expect(await ended).toMatch(/^HTTP\/1\.1 408/)
    expect((await rawRequest(`http://127.0.0.1:${strict.port}/healthz`)).status).toBe(200)
    await strict.close(1_000)
  })
})

describe('long answers', () => {
  it('an export that streams for longer than the request limit is not cut off', async () => {
    let pages = 0
    const slowApi = http.createServer((req, res) => {
      req.resume()
      pages += 1
      const page = {
        data: [{ id: `e${pages}`, state: 'failed' }],
        page_info: { has_next_page: pages < 5, end_cursor: `c${pages}` },
      }
      setTimeout(
        () => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(page)),
        150,
      )
    })
    const slowUrl = await listen(slowApi)
    const strict = await startProductionServer({
      port: 0,
      host: '127.0.0.1',
      distDir,
      env: {
        EXEC_API_URL: `${slowUrl}/v2`,
        EXEC_API_TOKEN: 'prod-token',
        LOG_LEVEL: 'silent',
        DASHBOARD_INDEX: '0',
      },
      timeouts: { headersMs: 200, requestMs: 400, checkEveryMs: 50 },
    })
    // Five pages of 150 ms: the answer streams for about 750 ms, past the 400 ms request limit.
    const response = await rawRequest(`http://127.0.0.1:${strict.port}/api/export/executions?format=ndjson`)
    expect(response.status).toBe(200)
    expect(
      response.body
        .trimEnd()
        .split('\n')
        .map((line) => (JSON.parse(line) as { id: string }).id),
    ).toEqual(['e1', 'e2', 'e3', 'e4', 'e5'])
    await strict.close(1_000)
    await close(slowApi)
  })
})

/** A production server on a free port, with what it printed at start-up. */
async function startPrinting(options: { env: NodeJS.ProcessEnv; demo?: boolean }) {
  const lines: string[] = []
  const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line))
  const server = await startProductionServer({ port: 0, host: '127.0.0.1', distDir, ...options }).finally(
    () => log.mockRestore(),
  )
  return { lines, server }
}

describe('in front of an API that does not answer, at an https public origin', () => {
  it('sends HSTS with the page, readyz answers 503 with the reason (healthz 200), and its token is never printed', async () => {
    const gone = http.createServer()
    const goneUrl = await listen(gone)
    await close(gone)
    const { lines, server } = await startPrinting({
      env: {
        EXEC_API_URL: `${goneUrl}/v2`,
        EXEC_API_TOKEN: 'prod-token',
        DASHBOARD_PUBLIC_ORIGIN: 'https://ops.example.com',
        DASHBOARD_INDEX: '0',
        LOG_LEVEL: 'silent',
      },
    })
    try {
      expect(lines.join('\n')).toMatch(/^Execution Dashboard at http:\S+ → http:\S+\/v2$/)
      const at = `http://127.0.0.1:${server.port}`
      const page = await rawRequest(`${at}/`, { headers: { Accept: 'text/html' } })
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
      const ready = await rawRequest(`${at}/readyz`)
      expect(ready.status).toBe(503)
      expect(ready.body).toMatch(/cannot be reached|ECONNREFUSED/)
      expect((await rawRequest(`${at}/healthz`)).status).toBe(200)
    } finally {
      await server.close(1_000)
    }
  })
})

describe('start-up', () => {
  it('with --demo, names the demo and prints its token for API clients, which the demo accepts', async () => {
    const { lines, server: demo } = await startPrinting({
      demo: true,
      env: { DASHBOARD_INDEX: '0', DEMO_API_FROZEN: '1', DEMO_API_SIZE: '50' },
    })
    try {
      const match =
        /^Execution Dashboard at (http:\S+) → (http:\S+) \(demo data; token for API clients: (\S+)\)$/.exec(
          lines.join('\n'),
        )
      expect(match).not.toBeNull()
      const [, , apiUrl, token] = match ?? []
      const answer = await fetch(`${apiUrl}/executions`, {
        method: 'GET',
        headers: { authorization: `Bearer ${token}` },
      })
      expect(answer.status).toBe(200)
    } finally {
      await demo.close(1_000)
    }
  })

  it('refuses to start without EXEC_API_URL unless the demo is asked for', async () => {
    await expect(startProductionServer({ port: 0, host: '127.0.0.1', distDir, env: {} })).rejects.toThrow(
      /EXEC_API_URL is not set.*--demo/,
    )
  })

  it('refuses a link template that is not http(s), naming DASHBOARD_LINKS', async () => {
    await expect(
      startProductionServer({
        port: 0,
        host: '127.0.0.1',
        distDir,
        env: {
          EXEC_API_URL: apiUrl,
          EXEC_API_TOKEN: 'prod-token',
          DASHBOARD_LINKS: '[{"label":"Run","url":"javascript:alert({id})"}]',
        },
      }),
    ).rejects.toThrow(/^DASHBOARD_LINKS: link “Run”: its url must start with http:\/\/ or https:\/\//)
  })

  it('refuses to start in production sign-in mode without a session key', async () => {
    await expect(
      startProductionServer({
        port: 0,
        host: '127.0.0.1',
        distDir,
        env: { EXEC_API_URL: apiUrl, NODE_ENV: 'production' },
      }),
    ).rejects.toThrow(/DASHBOARD_SESSION_KEY is required/)
  })
})
