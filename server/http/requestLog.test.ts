import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { run, type RunningProcess } from '../integration/processes.ts'
import { close, listen, rawRequest } from '../testing/httpTestKit.ts'
import { createRequestLogger } from './requestLog.ts'

const TOKEN = 'upstream-token-never-logged-1234'
const COOKIE = 'cookie-value-never-logged-5678'
const HEADER = 'header-value-never-logged-9012'
const REQUEST_BODY = 'request-body-never-logged-3456'
const ANSWER_BODY = 'answer-body-never-logged-7890'

const api = http.createServer((req, res) => {
  req.resume()
  req.on('end', () => {
    res.writeHead(200, { 'Content-Type': 'application/json' })
    res.end(
      JSON.stringify({
        data: [{ id: ANSWER_BODY, state: 'failed', created_at: '2026-11-24T08:00:00Z' }],
        page_info: { has_next_page: false },
      }),
    )
  })
})
let server: RunningProcess | undefined
let base = ''
let distDir = ''

/**
 * The production server (`npm start` runs the same module, bundled) in a process of its own: the request log is
 * pino writing to the process's standard output, which only another process can read.
 */
beforeAll(async () => {
  const apiUrl = await listen(api)
  distDir = mkdtempSync(path.join(tmpdir(), 'dashboard-log-dist-'))
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>')
  const production = new URL('../production.ts', import.meta.url).href
  const script = [
    `const { startProductionServer } = await import(${JSON.stringify(production)})`,
    `await startProductionServer({ port: 0, host: '127.0.0.1', distDir: ${JSON.stringify(distDir)} })`,
  ].join('\n')
  server = run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    PATH: process.env.PATH,
    EXEC_API_URL: apiUrl,
    EXEC_API_TOKEN: TOKEN,
    EXEC_PROXY_LOG: '1',
    DASHBOARD_INDEX: '0',
  })
  const child = server
  base = await vi.waitFor(
    () => {
      if (child.child.exitCode !== null) throw new Error(`the server exited:\n${child.output()}`)
      const url = /Execution Dashboard at (http:\/\/127\.0\.0\.1:\d+)\//.exec(child.output())?.[1]
      if (!url) throw new Error(`not listening yet:\n${child.output()}`)
      return url
    },
    { timeout: 30_000, interval: 50 },
  )
}, 60_000)
afterAll(async () => {
  await server?.stop()
  await close(api)
  if (distDir) rmSync(distDir, { recursive: true, force: true })
})

const list = () =>
  rawRequest(`${base}/api/executions`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-HTTP-Method-Override': 'GET',
      Cookie: `exec_other=${COOKIE}`,
      'X-Custom': HEADER,
    },
    body: JSON.stringify({
      page: { first: 5 },
      filters: { metadata: [{ key: 'team', values: [REQUEST_BODY] }] },
    }),
  })

const output = () => server?.output() ?? ''
const linesOf = (requestId: string) =>
  output()
    .split('\n')
    .filter((line) => line.includes(requestId))
    .map((line) => JSON.parse(line) as Record<string, unknown>)

describe('the request log with EXEC_PROXY_LOG=1', () => {
  it('writes one line per proxied request: method, route, status, time and request id, and nothing sent', async () => {
    const first = await list()
    expect(first.status).toBe(200)
    expect(first.body).toContain(ANSWER_BODY)
    const firstId = String(first.headers['x-request-id'])
    expect(firstId).toMatch(/^[0-9a-f-]{36}$/)
    // A second request whose line comes after the first's: once it is there, the first has all its lines.
    const second = await list()
    const secondId = String(second.headers['x-request-id'])
    await expect.poll(() => linesOf(secondId).length, { timeout: 10_000 }).toBe(1)
    const lines = linesOf(firstId)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      msg: 'api request',
      request_id: firstId,
      method: 'GET',
      route: 'list_executions',
      status: 200,
    })
    expect(lines[0]?.duration_ms).toBeTypeOf('number')
    expect(lines[0]?.time).toBeTypeOf('string')
    for (const secret of [TOKEN, COOKIE, HEADER, REQUEST_BODY, ANSWER_BODY])
      expect(output()).not.toContain(secret)
  })

  it('is on at info with EXEC_PROXY_LOG=1, and at warn without it', () => {
    expect(createRequestLogger({ EXEC_PROXY_LOG: '1' }).level).toBe('info')
    expect(createRequestLogger({}).level).toBe('warn')
    expect(createRequestLogger({ EXEC_PROXY_LOG: '1', LOG_LEVEL: 'error' }).level).toBe('error')
  })
})
