import { mkdtempSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startProductionServer } from './production.ts'
import { removeDataDir } from './testing/embeddedDataDir.ts'
import { close, listen, rawRequest } from './testing/httpTestKit.ts'

const distDir = mkdtempSync(path.join(tmpdir(), 'dashboard-dist-'))
writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>')
const api = http.createServer((req, res) => {
  req.resume()
  res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"data":[],"page_info":{}}')
})
let apiUrl = ''
beforeAll(async () => {
  apiUrl = await listen(api)
})
afterAll(async () => {
  await close(api)
})

describe('the production server while it starts', () => {
  it('answers /healthz while its store opens, /readyz says it is starting, and an API request waits for it', async () => {
    const probe = http.createServer()
    const port = Number(new URL(await listen(probe)).port)
    await close(probe)
    let started = false
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dashboard-fresh-'))
    const starting = startProductionServer({
      port,
      host: '127.0.0.1',
      distDir,
      // A data directory of its own, new: PGlite initialises it, which takes seconds.
      env: {
        EXEC_API_URL: `${apiUrl}/v2`,
        EXEC_API_TOKEN: 'prod-token',
        DASHBOARD_DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
      },
    }).finally(() => (started = true))
    const at = `http://127.0.0.1:${port}`
    let health = await rawRequest(`${at}/healthz`).catch(() => null)
    while (health === null) health = await rawRequest(`${at}/healthz`).catch(() => null)
    const ready = await rawRequest(`${at}/readyz`)
    const answeredBeforeStart = !started
    const overview = rawRequest(`${at}/api/overview`)
    const server = await starting
    try {
      expect(health.status).toBe(200)
      expect(answeredBeforeStart).toBe(true)
      expect([ready.status, JSON.parse(ready.body)]).toEqual([
        503,
        { status: 'starting', reason: 'its store is opening' },
      ])
      expect((await overview).status).toBe(200)
    } finally {
      await server.close(1_000)
      await removeDataDir(dataDir)
    }
  })
})
