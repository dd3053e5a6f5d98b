import { afterAll, beforeAll, expect, it } from 'vitest'
import type { ExecutionIndex } from '../index/executionIndex.ts'
import { openEmbeddedStore } from '../store/embedded.ts'
import { migrate } from '../store/migrations.ts'
import type { Store } from '../store/store.ts'
import { embeddedDataDir } from '../testing/embeddedDataDir.ts'
import { createWatchFollower } from './follower.ts'
import { createWatchBook } from './watchBook.ts'

let store: Store
beforeAll(async () => {
  store = await openEmbeddedStore(await embeddedDataDir())
  await migrate(store)
}, 60_000)
afterAll(async () => {
  await store.close()
})

it('spends a bounded time a step counting views, and reaches every view watch in later steps', async () => {
  const book = createWatchBook(store, { retentionDays: 1 })
  const counted: string[] = []
  // A view's count as slow as a family walk at a million executions.
  const index = {
    keepFresh: () => Promise.resolve(() => {}),
    lookup: () => Promise.resolve({ row: null }),
    overview: (_credentials: unknown, filters: { metadata: { values: string[] }[] }) => {
      const until = performance.now() + 10
      while (performance.now() < until);
      counted.push(filters.metadata[0]?.values[0] ?? '')
      return Promise.resolve({ counts: { failed: 0 }, coverage: { kind: 'exact' } })
    },
  } as unknown as ExecutionIndex
  for (let view = 0; view < 40; view += 1)
    await book.add('api', 'alice', {
      kind: 'view',
      view: `m.env=v${view}`,
      label: `v${view}`,
      threshold: { state: 'failed', count: 5, minutes: 10 },
    })
  const credentials = { authorization: 'Bearer t', source: 'server' as const }
  const follower = createWatchFollower({
    book,
    index,
    store,
    upstream: () => 'api',
    webhook: null,
    serverCredentials: credentials,
    onError: (what, error) => {
      throw new Error(`${what}: ${String(error)}`)
    },
  })
  try {
    await follower.step()
    // 50 ms of 10 ms counts: five or six, not forty.
    expect(counted.length).toBeGreaterThan(0)
    expect(counted.length).toBeLessThanOrEqual(6)
    for (let step = 0; step < 10 && new Set(counted).size < 40; step += 1) await follower.step()
    expect(new Set(counted).size).toBe(40)
  } finally {
    await follower.close()
  }
}, 60_000)
