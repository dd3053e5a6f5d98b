import { describe, expect, it } from 'vitest'
import { stateMeaning } from '../../shared/states.ts'
import { countFamily } from './counting.ts'
import { newFamily } from './family.ts'
import { countsWithin, readSummary } from './readBack.ts'
import type { IndexedExecution } from './rows.ts'

const SPELLINGS = ['created', 'started', 'succeed', 'failed', 'SUCCEEDED', 'queued', 'paused', 'Failed']

/** A small deterministic generator: the same family each run. */
function seeded(seed: number) {
  let state = seed
  return (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state % n
  }
}

function familyOf(random: (n: number) => number, size: number) {
  const family = newFamily([], 0)
  for (let i = 0; i < size; i += 1) {
    const state = SPELLINGS[random(SPELLINGS.length)] ?? 'created'
    const row: IndexedExecution = {
      id: `e${i}`,
      state,
      meaning: stateMeaning(state),
      createdAt: i,
      updatedAt: i,
      createdText: null,
      updatedText: null,
      metadata: null,
      lastSeenAt: 0,
      outcomePending: random(5) === 0,
    }
    family.members.set(row.id, row)
  }
  return family
}

describe('counts read back from a summary', () => {
  it('give, for any state filter, what counting the rows with that filter gives', () => {
    const random = seeded(7)
    for (let round = 0; round < 200; round += 1) {
      const family = familyOf(random, random(40))
      const states = SPELLINGS.filter(() => random(3) === 0)
      expect(countsWithin(countFamily(family, { states: [] }), states), JSON.stringify(states)).toEqual(
        countFamily(family, { states }),
      )
    }
  })

  it('are taken only when the stored value is a summary', () => {
    const counts = countFamily(familyOf(seeded(3), 10), { states: [] })
    const summary = { counts, executions: 10, writtenAt: 1 }
    expect(readSummary(summary)).toEqual(summary)
    for (const odd of [
      null,
      'summary',
      { ...summary, executions: -1 },
      { ...summary, writtenAt: '1' },
      { ...summary, counts: { ...counts, total: 1.5 } },
      { ...summary, counts: { ...counts, known: { ...counts.known, failed: null } } },
      { ...summary, counts: { ...counts, other: { queued: '2' } } },
    ])
      expect(readSummary(odd), JSON.stringify(odd)).toBeUndefined()
  })
})
