import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WatchList, WatchNotice } from '../../shared/watches.ts'
import type { TickSummary } from '../demo-api/simulation.ts'
import type { RunningDemoApi } from '../demo-api/index.ts'
import { startTestApi, type DemoClient } from '../demo-api/testClient.ts'
import { startNamedUsersStack, type NamedUsersStack } from '../testing/namedUsersKit.ts'
import { rawRequest } from '../testing/httpTestKit.ts'
import { openSse, type SseEvent, type SseStream } from '../testing/sseClient.ts'

let api: RunningDemoApi
let stack: NamedUsersStack
let demo: DemoClient

beforeAll(async () => {
  ;({ api, client: demo } = await startTestApi({ executionCount: 400, now: Date.now }))
  stack = await startNamedUsersStack(api)
}, 60_000)
afterAll(async () => {
  await stack.close()
  await api.close()
})

const live = (user: string, search: string) =>
  openSse(`${stack.dashboard.url}/api/live?${search}`, stack.as(user))
const watchesOf = (event: SseEvent) => JSON.parse(event.data) as WatchList
const noticesOf = (tab: SseStream) =>
  tab.events.filter((event) => event.event === 'notice').map((event) => JSON.parse(event.data) as WatchNotice)

async function watch(user: string, executionId: string) {
  const answer = await rawRequest(`${stack.dashboard.url}/api/watches`, {
    method: 'POST',
    headers: { ...stack.as(user), 'Content-Type': 'application/json' },
    body: JSON.stringify({ kind: 'execution', executionId }),
  })
  expect(answer.status, answer.body).toBe(201)
}

describe('GET /api/live with watches=1', () => {
  it('carries the view and the watches on one stream, and resumes notices a closed tab missed', async () => {
    const started = (await demo.allExecutions({ states: ['started'] })).slice(0, 30).map((row) => row.id)
    expect(started.length).toBeGreaterThan(0)
    for (const id of started) await watch('nina', id)
    // A tab: its view's events and the user's watches, the sequence heard so far as the watches' id.
    const tab = await live('nina', 'state=started&every=5&watches=1')
    expect(tab.status).toBe(200)
    const first = await tab.next((event) => event.event === 'watches')
    expect(
      watchesOf(first)
        .watches.map((kept) => kept.executionId)
        .sort(),
    ).toEqual([...started].sort())
    const heard = Number(first.id)
    expect(Number.isSafeInteger(heard)).toBe(true)
    await tab.next((event) => event.event === 'list')
    // The tab is hidden: it closes its stream. An API client's stream stays open meanwhile.
    tab.close()
    const client = await openSse(`${stack.dashboard.url}/api/watches/stream`, stack.as('nina'))
    const other = await live('otto', 'view=0&watches=1')
    try {
      await expect
        .poll(
          async () => {
            const answer = await rawRequest(`${stack.dashboard.url}/api/watches`, {
              headers: stack.as('nina'),
            })
            const list = JSON.parse(answer.body) as WatchList
            return list.watches.every((kept) => kept.seen?.state === 'started')
          },
          { timeout: 30_000 },
        )
        .toBe(true)
      let finished: string | undefined
      while (!finished) {
        const { json } = await demo.control<TickSummary>('POST', '/simulation/tick')
        finished = json.finished.find((id) => started.includes(id))
      }
      const told = await client.next(
        (event) => event.event === 'notice' && event.data.includes(finished),
        30_000,
      )
      const seq = Number(told.id)
      expect(seq).toBeGreaterThan(heard)

      // Shown again, the tab says what it heard: the notice it missed comes first, then the watches with its id.
      const back = await live('nina', `state=started&every=5&watches=1&notices_after=${heard}`)
      const resumed = await back.next((event) => event.event === 'watches')
      expect(noticesOf(back).map((notice) => notice.seq)).toContain(seq)
      expect(Number(resumed.id)).toBeGreaterThanOrEqual(seq)
      await back.next((event) => event.event === 'list')
      back.close()
      // The browser's own reconnect says it with Last-Event-ID: the later of the two counts.
      const again = await openSse(`${stack.dashboard.url}/api/live?view=0&watches=1&notices_after=${heard}`, {
        ...stack.as('nina'),
        'Last-Event-ID': String(seq),
      })
      const none = await again.next((event) => event.event === 'watches')
      expect(noticesOf(again).filter((notice) => notice.seq <= seq)).toEqual([])
      expect(Number(none.id)).toBeGreaterThanOrEqual(seq)
      again.close()
      // Another user's stream hears nothing of it; a stream of watches alone carries no view.
      expect(noticesOf(other)).toEqual([])
      expect(other.events.map((event) => event.event)).not.toContain('list')
      expect(other.events.map((event) => event.event)).not.toContain('overview')
    } finally {
      client.close()
      other.close()
    }
  }, 120_000)

  it('refuses a stream that would carry nothing, in words', async () => {
    const answer = await rawRequest(`${stack.dashboard.url}/api/live?view=0`, { headers: stack.as('nina') })
    expect(answer.status).toBe(400)
    expect(answer.body).toContain('view=0 asks for no view')
    const bad = await rawRequest(`${stack.dashboard.url}/api/live?watches=1&notices_after=-3`, {
      headers: stack.as('nina'),
    })
    expect(bad.status).toBe(400)
    expect(bad.body).toContain('notices_after must be')
  })
})
