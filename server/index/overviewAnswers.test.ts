import { describe, expect, it } from 'vitest'
import type { OverviewAnswer } from '../../shared/overview.ts'
import { stateMeaning } from '../../shared/states.ts'
import type { Credentials } from '../auth/credentials.ts'
import { countFamily } from './counting.ts'
import { familyKey, loadedFamily, newFamily, storedFamily } from './family.ts'
import { createOverviewAnswers } from './overviewAnswers.ts'
import { createPartition } from './partition.ts'
import type { IndexedExecution } from './rows.ts'
import type { Runtime } from './runtime.ts'
import { createUpstreamFacts } from './upstreamFacts.ts'

const HOUR = 3_600_000
const NOW = 1_800_000_000_000
const KEY = familyKey([])
const everything = { states: [], metadata: [] }
const lastHour = { window: { kind: 'relative', preset: '1h', field: 'created' } as const }
const credentials = { authorization: 'Bearer t' } as Credentials

/** Ten executions, one every 10 minutes back from now: six in the last hour, half of them failed. */
const rows: IndexedExecution[] = Array.from({ length: 10 }, (_, i) => {
  const state = i % 2 === 0 ? 'failed' : 'succeed'
  return {
    id: `e${i}`,
    state,
    meaning: stateMeaning(state),
    createdAt: NOW - i * (HOUR / 6) - 1,
    updatedAt: NOW - i * (HOUR / 6) - 1,
    createdText: null,
    updatedText: null,
    metadata: null,
    lastSeenAt: NOW,
    outcomePending: false,
  }
})

/**
 * A partition being read back after a start, as the runtime has it: the family as stored (exact, ten executions)
 * with a summary, rows coming in by `readPage`.
 */
function readingBack() {
  const partition = createPartition('p', () => NOW)
  const whole = newFamily([], 0)
  for (const row of rows) whole.members.set(row.id, row)
  whole.phase = 'complete'
  whole.verifiedAt = NOW - HOUR
  const stored = storedFamily(whole)
  const summary = { counts: countFamily(whole, { states: [] }), executions: rows.length, writtenAt: NOW - 5 }
  let rowsIn = false
  let asked = 0
  const runtime = {
    id: 'p',
    partition,
    isLoaded: () => rowsIn,
    scanner: () => 'this replica',
    readBack: () => {
      asked += 1
      return Promise.resolve(rowsIn ? null : { family: loadedFamily(KEY, stored), summary })
    },
  } as unknown as Runtime
  const readPage = (page: IndexedExecution[], first = false) =>
    partition.load({
      rows: page,
      families: first ? [loadedFamily(KEY, stored)] : [],
      members: page.map((row): [string, string, boolean] => [KEY, row.id, true]),
    })
  return { runtime, readPage, allIn: () => (rowsIn = true), asked: () => asked }
}

describe('a window while the rows are read back', () => {
  const answers = () => createOverviewAnswers(createUpstreamFacts('test', null), () => NOW)

  it('counts the executions read so far, says so, and gives way to the index once they are in', async () => {
    const { readBackAnswer } = answers()
    const { runtime, readPage, allIn } = readingBack()
    const before = await readBackAnswer(runtime, credentials, everything, lastHour)
    // Not a page in yet: nothing counted, of the ten the family had when written.
    expect(before?.coverage).toEqual({ kind: 'counting', executions: 0, estimate: 10, calls: 0 })
    expect(before?.total).toBe(0)
    expect(before?.notes.readBack).toEqual({ writtenAt: NOW - 5 })

    readPage(rows.slice(0, 4), true)
    const some = await readBackAnswer(runtime, credentials, { states: ['failed'], metadata: [] }, lastHour)
    expect(some?.coverage).toMatchObject({ kind: 'counting', executions: 4, estimate: 10 })
    expect(some?.counts.failed).toBe(2)
    expect(some?.total).toBe(2)
    expect(some?.window).toEqual({ from: NOW - HOUR, to: null, field: 'created' })

    // Over any time the summary answers whole, as before.
    const anyTime = await readBackAnswer(runtime, credentials, everything, {})
    expect(anyTime?.coverage).toMatchObject({ kind: 'exact', executions: 10 })
    expect(anyTime?.total).toBe(10)

    readPage(rows.slice(4))
    allIn()
    expect(await readBackAnswer(runtime, credentials, everything, lastHour)).toBeNull()
  })

  it('is heard growing by a watcher, and never after the rows are in', async () => {
    const { followReadBack } = answers()
    const { runtime, readPage, allIn, asked } = readingBack()
    const heard: OverviewAnswer[] = []
    const errors: unknown[] = []
    const stop = followReadBack(
      runtime,
      credentials,
      everything,
      lastHour,
      (answer) => heard.push(answer),
      (error) => errors.push(error),
    )
    readPage(rows.slice(0, 2), true)
    await expect.poll(() => heard.at(-1)?.total, { timeout: 10_000 }).toBe(2)
    readPage(rows.slice(2, 5))
    await expect.poll(() => heard.at(-1)?.total, { timeout: 10_000 }).toBe(5)
    expect(heard.at(-1)?.coverage).toMatchObject({ kind: 'counting', executions: 5 })

    // The rows are in: a page that comes in is asked about, and not heard (the index's own answer follows).
    const count = heard.length
    const before = asked()
    allIn()
    readPage(rows.slice(5))
    await expect.poll(asked, { timeout: 10_000 }).toBe(before + 1)
    await new Promise((resolve) => setImmediate(resolve))
    expect(heard).toHaveLength(count)
    stop()
    expect(errors).toEqual([])
  })
})
