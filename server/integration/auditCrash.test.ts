import { existsSync, rmSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoApi, type RunningDemoApi } from '../demo-api/index.ts'
import { embeddedDataDir } from '../testing/embeddedDataDir.ts'
import { freePort, run, waitUntilUp, type RunningProcess } from './processes.ts'

const SERVER = path.resolve('dist-server/production.js')
const missing = existsSync(SERVER) ? null : 'run npm run build first'
if (missing && process.env.CI) throw new Error(`audit crash test cannot run: ${missing}`)

const RESCHEDULES = 2_000
const AT_A_TIME = 100

interface Record_ {
  executionId: string
  outcome: string
}

let demo: RunningDemoApi
let dataDir = ''
let port = 0
let server: RunningProcess | null = null
const origin = () => `http://127.0.0.1:${port}`

async function startServer() {
  server = run('node', [SERVER], {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PORT: String(port),
    EXEC_API_URL: demo.url,
    EXEC_API_TOKEN: demo.token,
    DASHBOARD_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
  })
  await waitUntilUp(`${origin()}/healthz`, server, 30_000)
}

async function patchesById(): Promise<Record<string, number>> {
  const response = await fetch(`${demo.origin}/__demo/stats`, {
    headers: { Authorization: `Bearer ${demo.token}` },
  })
  return ((await response.json()) as { reschedules_by_id: Record<string, number> }).reschedules_by_id
}

async function allRecords(): Promise<Record_[]> {
  const records: Record_[] = []
  for (let after: string | null = null; ;) {
    const query = new URLSearchParams({ size: '500', ...(after ? { after } : {}) })
    const page = (await (await fetch(`${origin()}/api/audit?${query.toString()}`)).json()) as {
      data: Record_[]
      page_info: { has_next_page: boolean; end_cursor: string | null }
    }
    records.push(...page.data)
    if (!page.page_info.has_next_page || page.page_info.end_cursor === null) return records
    after = page.page_info.end_cursor
  }
}

beforeAll(async () => {
  if (missing) return
  demo = await startDemoApi({ simulate: false, executionCount: RESCHEDULES + 100 })
  dataDir = await embeddedDataDir()
  port = await freePort()
  await startServer()
}, 60_000)

afterAll(async () => {
  await server?.stop('SIGKILL')
  await demo?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

describe.skipIf(missing !== null)('the audit trail through a crash', () => {
  it(`keeps exactly one record of every PATCH the API received when the server is killed during ${RESCHEDULES} reschedules`, async () => {
    const ids = Array.from(
      { length: RESCHEDULES },
      (_, index) => `exec-${String(index + 1).padStart(6, '0')}`,
    )
    let next = 0
    const send = async () => {
      for (let id = ids[next++]; id !== undefined; id = ids[next++]) {
        await fetch(`${origin()}/api/executions/${id}/schedule`, {
          method: 'PATCH',
          headers: { 'Content-Type': 'application/json', Origin: origin() },
          body: '{"schedule_for":true}',
        }).catch(() => null)
      }
    }
    const senders = Array.from({ length: AT_A_TIME }, send)
    // kill -9 once a good part of them has reached the API, with many more in flight.
    await expect
      .poll(async () => Object.keys(await patchesById()).length, { timeout: 30_000, interval: 20 })
      .toBeGreaterThan(RESCHEDULES / 4)
    await server?.stop('SIGKILL')
    await Promise.all(senders)
    const received = await patchesById()
    const sent = Object.keys(received)
    expect(sent.length).toBeGreaterThan(RESCHEDULES / 4)
    expect(sent.length).toBeLessThan(RESCHEDULES)

    await startServer()
    const records = await allRecords()
    const byId = new Map<string, Record_[]>()
    for (const record of records)
      byId.set(record.executionId, [...(byId.get(record.executionId) ?? []), record])
    // Every PATCH the API received has exactly one record; none has two.
    for (const id of sent)
      expect({ id, records: byId.get(id)?.length ?? 0 }).toEqual({ id, records: received[id] })
    for (const [id, list] of byId) expect({ id, records: list.length }).toEqual({ id, records: 1 })
    // A record without a PATCH at the API is one whose intent was written when the server died: unknown, never
    // "rescheduled".
    for (const [id, list] of byId)
      if (!(id in received)) expect(['pending', 'unknown']).toContain(list[0]?.outcome)
  }, 120_000)
})
