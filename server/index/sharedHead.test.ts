import { afterEach, describe, expect, it } from 'vitest'
import { execution, pageOf, startFakeApi, type FakeRequest } from '../testing/fakeApi.ts'
import { TEST_INDEX } from '../testing/indexTestKit.ts'
import { createUpstreamClient } from '../upstream/client.ts'
import { parseUpstreamConfig } from '../upstream/config.ts'
import { observeAnswer, asksForHead } from './observe.ts'
import { createPartition } from './partition.ts'
import { refreshFamily } from './refresh.ts'
import { readApiRow } from './rows.ts'
import type { Runtime } from './runtime.ts'
import type { ScanContext } from './scanner.ts'
import { createUpstreamFacts } from './upstreamFacts.ts'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** A refresh's own head reads: first pages with no state filter. */
const headReads = (requests: FakeRequest[]) =>
  requests.filter(
    (request) => request.path === '/executions' && asksForHead(Buffer.from(JSON.stringify(request.body))),
  ).length

/** A verified family of 120 finished executions, newest first, and a refresh of it against a fake API. */
async function verifiedFamily() {
  let list = Array.from({ length: 120 }, (_, n) => execution(n + 100, 'succeed'))
  /** Failures left for the re-read of active executions (a state-filtered list). */
  const failing = { active: 0 }
  const api = await startFakeApi(({ body }) => {
    if ((body.filters as { states?: unknown } | undefined)?.states && failing.active > 0) {
      failing.active -= 1
      return { status: 500, json: { message: 'down for a moment' } }
    }
    const page = body.page as { first: number; after?: string }
    return { json: pageOf(list, { page: { ...page, first: Math.min(page.first, 50) } }) }
  })
  const client = createUpstreamClient(
    parseUpstreamConfig({ EXEC_API_URL: api.url, EXEC_API_TOKEN: 'tok-1' }),
    {
      budget: { burst: 50, ratePerSecond: 500 },
      reuseMs: 0,
    },
  )
  cleanups.push(api.close)
  const partition = createPartition('p')
  const facts = createUpstreamFacts(api.url, null)
  facts.setOrder('created_desc')
  facts.setPageSize(50)
  const family = partition.family([])
  for (const apiRow of list) {
    const row = readApiRow(apiRow, Date.now(), partition.intern)
    if (!row) continue
    partition.upsert(row)
    partition.addMember(family, row)
  }
  // The last refresh began a while ago: a page relayed now is newer than it.
  Object.assign(family, {
    phase: 'complete',
    verifiedAt: Date.now(),
    calls: 3,
    refreshedAt: Date.now() - 1_000,
  })
  const ctx: ScanContext = {
    client,
    partition,
    facts,
    authorization: () => 'Bearer tok-1',
    settings: TEST_INDEX,
    signal: new AbortController().signal,
    now: Date.now,
  }
  const runtime = { isLeader: () => true, partition } as unknown as Runtime
  /** A tab's live page of the view (20 rows), relayed, with `count` new executions on top (newer than any before). */
  let created = 0
  const relay = (count: number) => {
    const fresh = Array.from({ length: count }, () => execution(99 - created++, 'succeed')).reverse()
    list = [...fresh, ...list]
    const body = Buffer.from(JSON.stringify({ page: { first: 20 } }))
    const answer = Buffer.from(JSON.stringify(pageOf(list, { page: { first: 20 } })))
    observeAnswer(
      runtime,
      facts,
      { operation: 'list_executions' },
      body,
      { status: 200, body: answer },
      Date.now(),
    )
  }
  return { api, ctx, family, relay, failing, size: () => list.length }
}

describe('a refresh beside a relayed head page', () => {
  it('reads the head itself when nothing was relayed', async () => {
    const { api, ctx, family } = await verifiedFamily()
    await refreshFamily(ctx, family)
    expect(headReads(api.requests)).toBe(1)
  })

  it('reads no head page of its own after a relayed one showed every new execution', async () => {
    const { api, ctx, family, relay, size } = await verifiedFamily()
    relay(3)
    await refreshFamily(ctx, family)
    expect(headReads(api.requests)).toBe(0)
    expect(family.members.size).toBe(size())
    // The next refresh wants a head page newer than this one's start.
    await refreshFamily(ctx, family)
    expect(headReads(api.requests)).toBe(1)
  })

  it('reads the head itself after a later relayed page left new executions below it', async () => {
    const { api, ctx, family, relay, size } = await verifiedFamily()
    relay(3)
    relay(25)
    await refreshFamily(ctx, family)
    expect(headReads(api.requests)).toBe(1)
    expect(family.members.size).toBe(size())
  })

  it('reads the head itself when tried again after a refresh that used a relayed page failed', async () => {
    const { api, ctx, family, relay, failing } = await verifiedFamily()
    relay(3)
    failing.active = 1
    await refreshFamily(ctx, family)
    expect(family.refreshFailing).not.toBeNull()
    expect(headReads(api.requests)).toBe(0)
    await refreshFamily(ctx, family)
    expect(family.refreshFailing).toBeNull()
    expect(headReads(api.requests)).toBe(1)
  })

  it('reads the head itself when every relayed row was new: more may be below them', async () => {
    const { api, ctx, family, relay, size } = await verifiedFamily()
    relay(25)
    await refreshFamily(ctx, family)
    expect(headReads(api.requests)).toBe(1)
    expect(family.members.size).toBe(size())
  })
})
