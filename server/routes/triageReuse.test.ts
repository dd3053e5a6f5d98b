import { afterEach, describe, expect, it } from 'vitest'
import type { ExecutionIndex } from '../index/executionIndex.ts'
import { rawRequest } from '../testing/httpTestKit.ts'
import { serveRoutes } from '../testing/routeTestKit.ts'
import type { AckBook } from '../triage/ackBook.ts'
import { triageRoute } from './triage.ts'

let served: Awaited<ReturnType<typeof serveRoutes>> | null = null
afterEach(async () => {
  await served?.close()
  served = null
})

/** The route over an index and acknowledgements that count how often the board is computed. */
async function start() {
  const state = { version: 1, generation: 0, computed: 0, now: 1_000 }
  const index = {
    version: () => Promise.resolve({ partition: 'p', version: state.version }),
    rows: () => {
      state.computed += 1
      return Promise.resolve({ rows: [], coverage: { kind: 'exact', asOf: 1, executions: 0, calls: 1 } })
    },
  } as unknown as ExecutionIndex
  const acks = {
    generation: () => state.generation,
    active: () => Promise.resolve(new Map()),
    reschedules: () => Promise.resolve(new Map()),
  } as unknown as AckBook
  const route = triageRoute({
    index,
    acks,
    shapes: null,
    upstream: () => 'u',
    now: () => state.now,
  })
  served = await serveRoutes({ triage: route })
  return { state, url: served.url }
}

describe('the failure groups route', () => {
  it('computes a view once for every board that asks, until the index or the acknowledgements change', async () => {
    const { state, url } = await start()
    const ask = async () => (await rawRequest(`${url}/api/triage?state=failed`)).status
    expect([await ask(), await ask(), await ask()]).toEqual([200, 200, 200])
    expect(state.computed).toBe(1)
    state.version += 1
    await ask()
    expect(state.computed).toBe(2)
    state.generation += 1
    await ask()
    expect(state.computed).toBe(3)
    state.now += 2_000
    await ask()
    expect(state.computed).toBe(4)
  })
})
