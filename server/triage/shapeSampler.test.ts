import { afterEach, describe, expect, it } from 'vitest'
import type { IndexedExecution } from '../index/rows.ts'
import { startFakeApi, type FakeRequest } from '../testing/fakeApi.ts'
import { createUpstreamClient } from '../upstream/client.ts'
import { parseUpstreamConfig } from '../upstream/config.ts'
import { createShapeSampler } from './shapeSampler.ts'

const TOKEN = 'sampler-secret-token'
const scope = { partition: 'p1', authorization: `Bearer ${TOKEN}` }
const row = (id: string, updatedText = '2026-11-24T08:00:00Z') =>
  ({ id, updatedAt: Date.parse(updatedText), updatedText }) as IndexedExecution
const attempts = (count: number) => ({
  data: Array.from({ length: count }, (_, index) => ({
    id: `a${index}`,
    state: 'failed',
    created_at: '2026-11-24T08:00:00Z',
    updated_at: '2026-11-24T08:00:05Z',
  })),
  page_info: { has_next_page: false },
})

let closers: (() => unknown)[] = []
afterEach(async () => {
  for (const close of closers.reverse()) await close()
  closers = []
})

type Answer = { status?: number; json?: unknown; text?: string }

async function start(
  answer: (request: FakeRequest) => Answer | Promise<Answer>,
  options: { now?: () => number } = {},
) {
  const api = await startFakeApi(answer)
  const client = createUpstreamClient(parseUpstreamConfig({ EXEC_API_URL: api.url, EXEC_API_TOKEN: TOKEN }), {
    budget: { burst: 100, ratePerSecond: 100 },
    reuseMs: 0,
  })
  const sampler = createShapeSampler({ client, pageSize: () => 50, now: options.now })
  closers.push(
    api.close,
    () => client.close(),
    () => sampler.close(),
  )
  const settled = async (rows: IndexedExecution[]) => {
    await expect.poll(() => sampler.read(scope, rows).pending).toBe(0)
    return sampler.read(scope, rows)
  }
  return { api, sampler, settled }
}

describe('the attempt shape sampler', () => {
  it('reads each execution once, in the sample lane, until it changes', async () => {
    const { api, sampler, settled } = await start(() => ({ json: attempts(2) }))
    const rows = [row('e1'), row('e/2')]
    expect(sampler.read(scope, rows)).toMatchObject({ pending: 2, unreadable: 0 })
    const reading = await settled(rows)
    expect([...reading.known.values()].map((shape) => shape.key)).toEqual(['2-3:fast', '2-3:fast'])
    expect(api.requests.map((request) => request.path).sort()).toEqual([
      '/executions/e%2F2/attempts',
      '/executions/e1/attempts',
    ])
    expect(api.requests[0]?.body).toEqual({ page: { first: 50 } })
    await settled(rows)
    expect(api.requests).toHaveLength(2)
    await settled([row('e1', '2026-11-24T09:00:00Z')])
    expect(api.requests).toHaveLength(3)
    expect(sampler.stats()).toMatchObject({ calls: 3, queued: 0, reading: 0 })
  })

  it('keeps a refusal or a nonsense answer until the execution changes, and asks again after a 5xx', async () => {
    const answers: Record<string, { status?: number; json?: unknown; text?: string }> = {
      '/executions/gone/attempts': { status: 404, json: { error: 'not found' } },
      '/executions/odd/attempts': { text: 'not json' },
      '/executions/leaky/attempts': { json: { data: [], note: TOKEN } },
      '/executions/busy/attempts': { status: 503, json: {} },
    }
    const { api, sampler, settled } = await start((request) => answers[request.path] ?? { json: attempts(1) })
    const rows = [row('gone'), row('odd'), row('leaky')]
    expect((await settled(rows)).unreadable).toBe(3)
    await settled(rows)
    expect(api.requests).toHaveLength(3)
    sampler.read(scope, [row('busy')])
    await expect.poll(() => api.requests.length).toBe(4)
    await expect.poll(() => sampler.stats().reading).toBe(0)
    answers['/executions/busy/attempts'] = { json: attempts(1) }
    // The budget backs off after the 503 (a second); the next look at the board asks again.
    await expect.poll(() => sampler.read(scope, [row('busy')]).known.size, { timeout: 5_000 }).toBe(1)
  })

  it('drops the reads nobody’s board has asked for in 15 s, and reads one a board asked for again', async () => {
    let clock = Date.parse('2026-11-24T08:00:00Z')
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const { api, sampler, settled } = await start(
      async () => {
        await held
        return { json: attempts(1) }
      },
      { now: () => clock },
    )
    const rows = ['e1', 'e2', 'e3', 'e4', 'e5', 'e6', 'e7'].map((id) => row(id))
    // Four are read at once (held by the API); the other three wait in the queue.
    expect(sampler.read(scope, rows).pending).toBe(7)
    await expect.poll(() => api.requests.length).toBe(4)
    expect(sampler.stats()).toMatchObject({ reading: 4, queued: 3 })
    clock += 2_000
    // A board still looking at e5 asks for it again: its 15 s start over.
    sampler.read(scope, [row('e5')])
    clock += 14_000
    release()
    await expect.poll(() => sampler.stats()).toMatchObject({ reading: 0, queued: 0 })
    // e6 and e7 were last asked for 16 s ago: dropped without a call. e5, asked for 14 s ago, was read.
    const paths = () => api.requests.map((request) => request.path).sort()
    expect(paths()).toEqual(['e1', 'e2', 'e3', 'e4', 'e5'].map((id) => `/executions/${id}/attempts`))
    expect(sampler.stats().calls).toBe(5)
    // Dropped is not forgotten for good: a board that asks again has them read.
    expect((await settled(rows)).known.size).toBe(7)
    expect(paths()).toHaveLength(7)
  })
})
