import { describe, expect, it } from 'vitest'
import type { OrderKind } from './coverage.ts'
import { claimOf, IF_ORDER_HOLDS, MIN_FALLS } from './claims.ts'
import { newFamily, type Family } from './family.ts'
import type { IndexedExecution } from './rows.ts'
import { startWalk, walkSaw } from './walkProgress.ts'

const window = { from: 1_000, to: null, field: 'created' as const }
const row = (id: string): IndexedExecution => ({
  id,
  state: 'failed',
  meaning: 'failed',
  createdAt: 0,
  updatedAt: 0,
  createdText: null,
  updatedText: null,
  metadata: null,
  lastSeenAt: 0,
  outcomePending: false,
})

/** A family whose last complete round began at `verifiedAt`, with 2 members and 7 calls. */
function verified(verifiedAt = 50): Family {
  const family = newFamily([], 0)
  family.phase = 'complete'
  family.verifiedAt = verifiedAt
  family.calls = 7
  family.refreshedAt = 90
  family.members.set('a', row('a')).set('b', row('b'))
  return family
}

/** A family in its first round, which saw `createdAts` in one page, with 3 calls. */
function walked(createdAts: (number | null)[]) {
  const family = newFamily([], 0)
  family.phase = 'counting'
  family.walk = startWalk(500)
  family.walk.calls = 3
  walkSaw(family.walk, createdAts, 3)
  return family
}
const falling = (count: number, last: number) => Array.from({ length: count }, (_, n) => last + count - 1 - n)

describe('what the index claims of a family it has verified', () => {
  it('is exact as of the start of the last complete round, never as of a later refresh', () => {
    expect(claimOf(verified(), null, 'unknown', 0)).toEqual({
      kind: 'exact',
      asOf: 50,
      executions: 2,
      calls: 7,
    })
  })

  it('knows every execution while only outcomes are being checked', () => {
    expect(claimOf(verified(), null, 'unknown', 2)).toMatchObject({
      kind: 'at_least',
      asOf: 50,
      reason: '2 executions finished and their outcome is being checked',
      allKnown: true,
    })
  })

  it('is a lower bound while executions a round did not find again are checked, here or on another replica', () => {
    const family = verified()
    family.unconfirmed.set('c', row('c'))
    const coverage = claimOf(family, null, 'unknown', 0)
    expect(coverage).toMatchObject({ kind: 'at_least', executions: 2, asOf: 50 })
    expect(coverage).not.toHaveProperty('allKnown')
    if (coverage.kind === 'at_least')
      expect(coverage.reason).toMatch(/^1 execution the last verification did not find again/)
    const elsewhere = verified()
    elsewhere.unconfirmedElsewhere = 3
    expect(claimOf(elsewhere, null, 'unknown', 0)).toMatchObject({ kind: 'at_least' })
  })

  it('stays verified as of its round when a later round is held up (the trouble is said beside it)', () => {
    const family = verified()
    family.roundTrouble = { since: 80, reason: 'waiting on the API: HTTP 429' }
    expect(claimOf(family, null, 'unknown', 0)).toMatchObject({ kind: 'exact', asOf: 50 })
  })
})

describe('what the index claims before a family’s first round has ended', () => {
  it('is counting, failed with the reason, or a lower bound of a walk cut short', () => {
    expect(claimOf(newFamily([], 0), null, 'unknown', 0).kind).toBe('counting')
    const failed = newFamily([], 0)
    failed.phase = 'failed'
    failed.reason = 'the API answered HTTP 400: filters: is required.'
    expect(claimOf(failed, null, 'unknown', 0)).toMatchObject({ kind: 'failed', reason: failed.reason })
    const partial = newFamily([], 0)
    partial.phase = 'partial'
    partial.reason = 'the API refused page 3'
    const coverage = claimOf(partial, null, 'unknown', 4)
    expect(coverage).toMatchObject({ kind: 'at_least', reason: 'the API refused page 3' })
    expect(coverage).not.toHaveProperty('allKnown')
  })

  it('counts a window the walk has passed on an API that lists newest first as complete only if that order holds', () => {
    const few = walked(falling(MIN_FALLS - 1, 999))
    expect(claimOf(few, window, 'unknown', 0).kind).toBe('counting')
    expect(claimOf(few, window, 'created_desc', 0)).toEqual({
      kind: 'at_least',
      asOf: 500,
      executions: 0,
      calls: 3,
      reason: IF_ORDER_HOLDS,
      ifOrderHolds: true,
    })
    expect(claimOf(walked(falling(MIN_FALLS + 1, 999)), window, 'unknown', 0)).toMatchObject({
      kind: 'at_least',
      ifOrderHolds: true,
    })
  })

  it('never believes a walk that saw a newer row after an older one, nor an order learned as something else', () => {
    const risen = walked([...falling(50, 1_100), 2_000, 900])
    for (const learned of ['created_desc', 'unknown', 'none'] satisfies OrderKind[])
      expect(claimOf(risen, window, learned, 0).kind).toBe('counting')
    const ordered = walked(falling(50, 990))
    expect(claimOf(ordered, window, 'none', 0).kind).toBe('counting')
    expect(claimOf(ordered, window, 'created_asc', 0).kind).toBe('counting')
  })

  it('names the outcomes being checked in the window beside what the claim rests on', () => {
    const coverage = claimOf(walked(falling(50, 990)), window, 'created_desc', 2)
    expect(coverage.kind === 'at_least' && coverage.reason).toMatch(
      /newest-first order.*; 2 executions finished/,
    )
  })

  it('gives the calls of the page that first went below the window’s start, and nothing for windows it cannot judge', () => {
    const family = walked(falling(30, 1_010))
    if (!family.walk) throw new Error('unreachable')
    walkSaw(family.walk, falling(30, 980), 4)
    walkSaw(family.walk, falling(30, 950), 5)
    expect(claimOf(family, window, 'unknown', 0)).toMatchObject({ kind: 'at_least', calls: 4 })
    expect(claimOf(family, { ...window, from: 1_020 }, 'unknown', 0)).toMatchObject({ calls: 3 })
    expect(claimOf(family, { ...window, from: 900 }, 'unknown', 0).kind).toBe('counting')
    expect(claimOf(family, { ...window, field: 'updated' }, 'unknown', 0).kind).toBe('counting')
    expect(claimOf(family, { ...window, from: null, to: 2_000 }, 'unknown', 0).kind).toBe('counting')
  })
})
