import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Watch, WatchList, WatchNotice } from '../../shared/watches.ts'
import type { TickSummary } from '../demo-api/simulation.ts'
import type { RunningDemoApi } from '../demo-api/index.ts'
import { startTestApi, type DemoClient } from '../demo-api/testClient.ts'
import type { TestDashboard } from '../testing/dashboardTestKit.ts'
import { startNamedUsersStack, type NamedUsersStack } from '../testing/namedUsersKit.ts'
import { close, listen, rawRequest } from '../testing/httpTestKit.ts'
import { openSse } from '../testing/sseClient.ts'

let api: RunningDemoApi
let stack: NamedUsersStack
let demo: DemoClient
let dashboard: TestDashboard
let hook: http.Server
const posted: { text: string }[] = []

beforeAll(async () => {
  hook = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      posted.push(JSON.parse(body) as { text: string })
      res.end('ok')
    })
  })
  const hookUrl = await listen(hook)
  ;({ api, client: demo } = await startTestApi({ executionCount: 600, now: Date.now }))
  stack = await startNamedUsersStack(api, { DASHBOARD_WEBHOOK_URL: `${hookUrl}/hooks/secret-path` })
  dashboard = stack.dashboard
}, 60_000)
afterAll(async () => {
  await stack.close()
  await api.close()
  await close(hook)
})

const as = (user: string) => stack.as(user)
async function post(user: string, path: string, body: unknown) {
  const answer = await rawRequest(`${dashboard.url}/api${path}`, {
    method: 'POST',
    headers: { ...as(user), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: answer.status, json: JSON.parse(answer.body) as Record<string, unknown> }
}
async function watches(user: string): Promise<WatchList> {
  const answer = await rawRequest(`${dashboard.url}/api/watches`, { headers: as(user) })
  expect(answer.status, answer.body).toBe(200)
  return JSON.parse(answer.body) as WatchList
}

describe('watches', () => {
  it('says what is wrong with a watch it cannot keep, and keeps each user’s own', async () => {
    for (const [body, words] of [
      [{ kind: 'thing' }, 'kind must be execution or view'],
      [{ kind: 'execution' }, 'executionId must be an id'],
      [{ kind: 'view', view: 'state=failed', label: '' }, 'label must name the watch'],
      [
        { kind: 'view', view: 'm.env=x', label: 'x', threshold: { state: 'gone', count: -1, minutes: 0 } },
        'threshold.state',
      ],
      [
        {
          kind: 'view',
          view: `m.env=${'x'.repeat(3_000)}`,
          label: 'long',
          threshold: { state: 'failed', count: 1, minutes: 5 },
        },
        'longer than 2048 characters',
      ],
    ] as const) {
      const answer = await post('vera', '/watches', body)
      expect(answer.status).toBe(400)
      expect(String((answer.json.error as { message: string }).message)).toContain(words)
    }
    const added = await post('vera', '/watches', { kind: 'execution', executionId: 'exec-none' })
    expect(added.status).toBe(201)
    expect((await watches('walt')).watches).toEqual([])
    // Another user cannot stop it.
    expect((await post('walt', '/watches/stop', { id: added.json.id })).json.removed).toBe(false)
    expect((await watches('vera')).watches.map((watch) => watch.executionId)).toEqual(['exec-none'])
    expect((await post('vera', '/watches/stop', { id: added.json.id })).json.removed).toBe(true)
  })

  it('tells every tab of a watched execution that finished, once, and posts it to the webhook', async () => {
    const started = (await demo.allExecutions({ states: ['started'] })).slice(0, 40).map((row) => row.id)
    expect(started.length).toBeGreaterThan(0)
    for (const id of started)
      expect((await post('olga', '/watches', { kind: 'execution', executionId: id })).status).toBe(201)
    const tabs = [
      await openSse(`${dashboard.url}/api/watches/stream`, as('olga')),
      await openSse(`${dashboard.url}/api/watches/stream`, as('olga')),
    ]
    const other = await openSse(`${dashboard.url}/api/watches/stream`, as('walt'))
    try {
      // The server has looked at every watch before anything changes: that first look is no news.
      await expect
        .poll(async () => (await watches('olga')).watches.every((watch) => watch.seen?.state === 'started'), {
          timeout: 30_000,
        })
        .toBe(true)
      let finished: string | undefined
      while (!finished) {
        const { json } = await demo.control<TickSummary>('POST', '/simulation/tick')
        finished = json.finished.find((id) => started.includes(id))
      }
      for (const tab of tabs) {
        const event = await tab.next((e) => e.event === 'notice' && e.data.includes(finished), 30_000)
        const notice = JSON.parse(event.data) as WatchNotice
        expect(notice.title).toMatch(new RegExp(`${finished}: started → (failed|succeed)`))
        expect(event.id).toBe(String(notice.seq))
      }
      const shown = (await watches('olga')).watches.find((watch: Watch) => watch.executionId === finished)
      expect(shown?.seen?.state).toMatch(/failed|succeed/)
      await expect
        .poll(() => posted.some((post) => post.text.includes(finished)), { timeout: 10_000 })
        .toBe(true)
      expect(posted.filter((post) => post.text.includes(`${finished}:`))).toHaveLength(1)
      expect(posted.find((post) => post.text.includes(finished))?.text).toContain('(watched by olga)')
      expect(other.events.filter((event) => event.event === 'notice')).toEqual([])
      // A tab that reconnects with the last id it heard hears what came after it, and nothing before.
      const last = Number(tabs[0]?.events.filter((e) => e.event === 'notice').at(0)?.id ?? 0)
      const again = await openSse(`${dashboard.url}/api/watches/stream`, {
        ...as('olga'),
        'Last-Event-ID': String(last - 1),
      })
      const replayed = await again.next((e) => e.event === 'notice')
      expect(Number(replayed.id)).toBe(last)
      again.close()
    } finally {
      for (const tab of [...tabs, other]) tab.close()
    }
  }, 120_000)

  it('never keeps the token a label carries', async () => {
    const threshold = { state: 'failed', count: 100_000, minutes: 60 }
    const label = `my view ${api.token}`
    const added = await post('tara', '/watches', { kind: 'view', view: 'm.team=ml', label, threshold })
    expect(added.status, JSON.stringify(added.json)).toBe(201)
    const listed = JSON.stringify(await watches('tara'))
    expect(listed).not.toContain(api.token)
    expect(listed).toContain('(withheld: it contained the token)')
  })

  it('notices a view crossing its threshold', async () => {
    const view = 'm.team=data'
    const dataFailures = () =>
      demo.allExecutions({ states: ['failed'], metadata: [{ key: 'team', values: ['data'] }] })
    // The threshold is what the view holds now: the next failure crosses it.
    const recent = (await dataFailures()).filter((row) => Date.parse(row.updated_at) > Date.now() - 3_600_000)
    const threshold = { state: 'failed', count: recent.length, minutes: 60 }
    const added = await post('pia', '/watches', { kind: 'view', view, label: 'Data failures', threshold })
    expect(added.status, JSON.stringify(added.json)).toBe(201)
    const tab = await openSse(`${dashboard.url}/api/watches/stream`, as('pia'))
    try {
      await expect
        .poll(async () => (await watches('pia')).watches[0]?.seen, { timeout: 30_000 })
        .toMatchObject({ count: recent.length, exact: true, above: false })
      let failed = false
      while (!failed) {
        const { json } = await demo.control<TickSummary>('POST', '/simulation/tick')
        failed = (await dataFailures()).some((row) => json.finished.includes(row.id))
      }
      const event = await tab.next((e) => e.event === 'notice', 30_000)
      expect((JSON.parse(event.data) as WatchNotice).title).toMatch(
        new RegExp(`^Data failures: \\d+, more than ${recent.length} failed in the last hour$`),
      )
    } finally {
      tab.close()
    }
  }, 120_000)
})
