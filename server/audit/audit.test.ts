import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningDemoApi } from '../demo-api/index.ts'
import { DemoClient, startTestApi } from '../demo-api/testClient.ts'
import { openEmbeddedStore } from '../store/embedded.ts'
import { migrate } from '../store/migrations.ts'
import type { Store } from '../store/store.ts'
import { startTestDashboard, type TestDashboard } from '../testing/dashboardTestKit.ts'
import { embeddedDataDir } from '../testing/embeddedDataDir.ts'
import { jsonOf, rawRequest } from '../testing/httpTestKit.ts'
import { identitySettingsFromEnv } from './identity.ts'
import { proxyTrustFrom } from '../http/origin.ts'

let api: RunningDemoApi
let demo: DemoClient
let store: Store
let open: TestDashboard
let guarded: TestDashboard
let ids: string[]

beforeAll(async () => {
  ;({ api, client: demo } = await startTestApi({ executionCount: 60 }))
  store = await openEmbeddedStore(await embeddedDataDir())
  await migrate(store)
  const env = { EXEC_API_URL: api.url, EXEC_API_TOKEN: api.token }
  open = await startTestDashboard({ env, store, index: { enabled: false } })
  guarded = await startTestDashboard({
    env,
    store,
    index: { enabled: false },
    settings: {
      trust: proxyTrustFrom(true, undefined),
      identity: identitySettingsFromEnv({
        DASHBOARD_USER_HEADER: 'X-Forwarded-User',
        DASHBOARD_GROUPS_HEADER: 'X-Forwarded-Groups',
        DASHBOARD_VIEWERS: 'vera',
        DASHBOARD_OPERATORS: 'oncall',
      }),
    },
  })
  const page = await demo.listExecutions({ page: { first: 10 }, filters: { states: ['failed'] } })
  ids = page.json.data.map((execution) => execution.id)
}, 60_000)
afterAll(async () => {
  await open.close()
  await guarded.close()
  await store.close()
  await api.close()
})

const reschedule = (dashboard: TestDashboard, id: string, headers: Record<string, string> = {}) =>
  rawRequest(`${dashboard.url}/api/executions/${encodeURIComponent(id)}/schedule`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ schedule_for: true }),
  })
const audit = async (dashboard: TestDashboard, query: string) =>
  JSON.parse((await rawRequest(`${dashboard.url}/api/audit?${query}`)).body) as {
    data: {
      id: string
      user: string
      outcome: string
      status: number | null
      executionId: string
      bulkRun: string | null
    }[]
    page_info: { has_next_page: boolean; end_cursor: string | null }
  }
const patchesOf = async (id: string) =>
  (await demo.control<{ reschedules_by_id: Record<string, number> }>('GET', '/stats')).json.reschedules_by_id[
    id
  ] ?? 0

describe('the audit trail', () => {
  it('records who rescheduled what and what came of it, with the bulk run it belongs to', async () => {
    const id = ids[0] ?? ''
    const answer = await reschedule(open, id, { 'X-Bulk-Run': 'run-1' })
    expect(answer.status).toBeLessThan(300)
    const { data } = await audit(open, `execution=${encodeURIComponent(id)}`)
    expect(data).toHaveLength(1)
    expect(data[0]).toMatchObject({ outcome: 'rescheduled', bulkRun: 'run-1', executionId: id })
    // A bulk run by the start of its id, as the dialog shows it; another run's start finds nothing.
    expect((await audit(open, 'bulk=run-')).data.map((record) => record.executionId)).toEqual([id])
    expect((await audit(open, 'bulk=run-2')).data).toEqual([])
    // Server token and no trusted header: the token, and the client's address.
    expect(data[0]?.user).toBe('server token (127.0.0.1)')
    expect(JSON.stringify(data)).not.toContain(api.token)
  })

  it('writes the intent before the PATCH leaves: a call in flight is already on record', async () => {
    const id = ids[1] ?? ''
    await demo.control('POST', '/faults', { rules: [{ operation: 'reschedule', delayMs: 1500, times: 1 }] })
    const sent = reschedule(open, id)
    await expect
      .poll(async () => (await audit(open, `execution=${encodeURIComponent(id)}`)).data[0]?.outcome)
      .toBe('pending')
    await sent
    expect((await audit(open, `execution=${encodeURIComponent(id)}`)).data[0]?.outcome).toBe('rescheduled')
  })

  it('keeps a bulk run its user’s: another operator cannot join it, and nothing is sent for them', async () => {
    const page = await demo.listExecutions({ page: { first: 2 }, filters: { states: ['succeed'] } })
    const [mine, theirs] = page.json.data.map((execution) => execution.id)
    if (!mine || !theirs) throw new Error('the demo has two succeeded executions')
    const as = (user: string) => ({
      'X-Forwarded-User': user,
      'X-Forwarded-Groups': 'oncall',
      'X-Bulk-Run': 'run-owned',
    })
    expect((await reschedule(guarded, mine, as('oncall'))).status).toBe(200)
    const before = await patchesOf(theirs)
    const joined = await reschedule(guarded, theirs, { ...as('mallory'), 'X-Forwarded-User': 'mallory' })
    expect(joined.status, joined.body).toBe(403)
    expect(jsonOf(joined).error.message).toMatch(/started by oncall: a run belongs to its user/)
    expect(await patchesOf(theirs)).toBe(before)
    const run = (await audit(guarded, 'bulk=run-owned')).data
    expect(run.map((record) => [record.user, record.outcome]).sort()).toEqual([
      ['mallory', 'not_permitted'],
      ['oncall', 'rescheduled'],
    ])
  })

  it('refuses a viewer, sends nothing to the API, and records the refusal', async () => {
    const id = ids[2] ?? ''
    const refused = await reschedule(guarded, id, { 'X-Forwarded-User': 'vera' })
    expect(refused.status).toBe(403)
    expect(JSON.parse(refused.body)).toMatchObject({ error: { code: 'forbidden_role' } })
    expect(await patchesOf(id)).toBe(0)
    const { data } = await audit(guarded, 'user=vera')
    expect(data[0]).toMatchObject({ outcome: 'not_permitted', executionId: id })

    // Operators by group; anyone else is refused when DASHBOARD_OPERATORS is set.
    expect(
      (await reschedule(guarded, id, { 'X-Forwarded-User': 'olga', 'X-Forwarded-Groups': 'oncall' })).status,
    ).toBeLessThan(300)
    expect((await reschedule(guarded, id, { 'X-Forwarded-User': 'mallory' })).status).toBe(403)
    expect(await patchesOf(id)).toBe(1)
  })

  it('refuses a viewer the id set a bulk run starts from, and gives it to an operator', async () => {
    const ids = (headers: Record<string, string>) =>
      rawRequest(`${guarded.url}/api/executions/ids?state=failed&max=5`, { headers })
    const refused = await ids({ 'X-Forwarded-User': 'vera' })
    expect(refused.status).toBe(403)
    expect(JSON.parse(refused.body)).toMatchObject({ error: { code: 'forbidden_role' } })
    expect(refused.body).toContain('A bulk reschedule is for operators.')
    const allowed = await ids({ 'X-Forwarded-User': 'olga', 'X-Forwarded-Groups': 'oncall' })
    expect(allowed.status).toBe(200)
  })

  it('exports every matching record as CSV (spreadsheet-safe) and NDJSON, never with the token', async () => {
    await reschedule(guarded, ids[3] ?? '', {
      'X-Forwarded-User': '=cmd|calc',
      'X-Forwarded-Groups': 'oncall',
    })
    const listed = (await audit(guarded, 'size=500')).data
    expect(listed.length).toBeGreaterThan(1)
    const csv = await rawRequest(`${guarded.url}/api/audit?format=csv`)
    expect(csv.status).toBe(200)
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="audit-.*Z\.csv"$/)
    const lines = csv.body.trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      '\uFEFFat,user,via,upstream,execution_id,request_body,outcome,status,result_state,detail,bulk_run,request_id,completed_at',
    )
    expect(lines).toHaveLength(listed.length + 1)
    expect(csv.body).toContain("'=cmd|calc")
    const ndjson = await rawRequest(`${guarded.url}/api/audit?format=ndjson&user=vera`)
    const records = ndjson.body
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { user: string })
    expect(records.length).toBeGreaterThan(0)
    expect(records.every((record) => record.user === 'vera')).toBe(true)
    expect(csv.body + ndjson.body).not.toContain(api.token)
    expect((await rawRequest(`${guarded.url}/api/audit?format=xlsx`)).status).toBe(400)
  })

  it('cuts an export at DASHBOARD_EXPORT_MAX_ROWS with a last line that says so, and only past it', async () => {
    const cut = ids.slice(4, 7)
    for (const id of cut) await reschedule(open, id, { 'X-Bulk-Run': 'cut-run' })
    const capped = async (maxRows: number, format: string) => {
      const dashboard = await startTestDashboard({
        env: { EXEC_API_URL: api.url, EXEC_API_TOKEN: api.token },
        store,
        index: { enabled: false },
        settings: { exportMaxRows: maxRows },
      })
      try {
        const answer = await rawRequest(`${dashboard.url}/api/audit?bulk=cut-run&format=${format}`)
        expect(answer.status).toBe(200)
        return answer.body.trimEnd().split(format === 'csv' ? '\r\n' : '\n')
      } finally {
        await dashboard.close()
      }
    }
    // Three records, two allowed: the header, two records, and the line that says the file was cut.
    const csv = await capped(2, 'csv')
    expect(csv).toHaveLength(4)
    for (const line of csv.slice(1, 3)) expect(cut).toContain(line.split(',')[4])
    expect(csv.at(-1)).toBe('# export cut at 2 rows')
    const ndjson = (await capped(2, 'ndjson')).map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(ndjson).toHaveLength(3)
    for (const record of ndjson.slice(0, 2)) expect(cut).toContain(record.executionId)
    expect(ndjson.at(-1)).toEqual({ export_truncated: true, rows: 2 })
    // Exactly as many records as allowed: the whole trail, not cut.
    const whole = await capped(3, 'csv')
    expect(whole).toHaveLength(4)
    expect(whole.join('\n')).not.toContain('# export')
  })

  it('keeps one export at a time per user a trusted proxy names, not one per proxy address', async () => {
    await demo.control('POST', '/faults', {
      rules: [{ operation: 'list_executions', delayMs: 3000, times: 1 }],
    })
    // Another filter for Bob: an identical first page would share Alice's call to the API, and wait with it.
    const exportAs = (user: string, filter = '') =>
      rawRequest(`${guarded.url}/api/export/executions?format=ndjson${filter}`, {
        headers: { 'X-Forwarded-User': user },
      })
    const alice = exportAs('alice')
    const faults = async () => (await demo.control<{ rules: unknown[] }>('GET', '/faults')).json.rules
    await expect.poll(faults).toHaveLength(0)
    // Alice's export is paging (its first page held by the API): Bob, behind the same proxy, is not refused;
    // Alice is.
    expect((await exportAs('bob', '&state=failed')).status).toBe(200)
    const again = await exportAs('alice')
    expect(again.status).toBe(429)
    expect(again.body).toContain('export_in_progress')
    expect((await alice).status).toBe(200)
  })

  it('ignores the user header unless the request comes through a trusted proxy', async () => {
    const who = async (dashboard: TestDashboard) =>
      JSON.parse(
        (await rawRequest(`${dashboard.url}/api/whoami`, { headers: { 'X-Forwarded-User': 'root' } })).body,
      ) as {
        user: string
        role: string
      }
    expect((await who(open)).user).toBe('server token (127.0.0.1)')
    expect(await who(guarded)).toMatchObject({ user: 'root', role: 'viewer' })
  })

  it('pages newest first and refuses a bad filter with a clear message', async () => {
    const first = await audit(open, 'size=1')
    expect(first.data).toHaveLength(1)
    expect(first.page_info.has_next_page).toBe(true)
    const next = await audit(open, `size=1&after=${first.page_info.end_cursor ?? ''}`)
    expect(next.data[0]?.id).not.toBe(first.data[0]?.id)
    const bad = await rawRequest(`${open.url}/api/audit?outcome=maybe`)
    expect(bad.status).toBe(400)
    expect(bad.body).toContain('outcome must be one of')
  })
})
