import { afterEach, describe, expect, it, vi } from 'vitest'
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
  let held: Promise<void> = Promise.resolve()
  const runtime = {
    id: 'p',
    partition,
    isLoaded: () => rowsIn,
    scanner: () => 'this replica',
    // What the runtime says at the moment it is asked, given when the test lets it through.
    readBack: () => {
      const early = rowsIn ? null : { family: loadedFamily(KEY, stored), summary }
      return held.then(() => early)
    },
  } as unknown as Runtime
  /** Holds the runtime's answers until the returned release. */
  const hold = () => {
    let release = () => {}
    held = new Promise((resolve) => (release = resolve))
    return release
  }
  const readPage = (page: IndexedExecution[], first = false) =>
    partition.load({
      rows: page,
      families: first ? [loadedFamily(KEY, stored)] : [],
      members: page.map((row): [string, string, boolean] => [KEY, row.id, true]),
    })
  return { runtime, readPage, hold, allIn: () => (rowsIn = true) }
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

  afterEach(() => {
    vi.useRealTimers()
  })

  /** The partition's listeners run in an immediate, and the answers in promises after it. */
  const settle = () => new Promise((resolve) => setImmediate(resolve))

  function watching() {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const reading = readingBack()
    const heard: OverviewAnswer[] = []
    const errors: unknown[] = []
    const stop = answers().followReadBack(
      reading.runtime,
      credentials,
      everything,
      lastHour,
      (answer) => heard.push(answer),
      (error) => errors.push(error),
    )
    /** A page read back, and a second gone by. */
    const pageAndSecond = async (page: IndexedExecution[], first = false) => {
      reading.readPage(page, first)
      await settle()
      vi.advanceTimersByTime(1_000)
      await settle()
    }
    return { ...reading, heard, errors, stop, pageAndSecond }
  }

  it('is heard growing by a watcher, at most once a second', async () => {
    const { heard, errors, stop, readPage, pageAndSecond } = watching()
    readPage(rows.slice(0, 1), true)
    readPage(rows.slice(1, 2))
    await settle()
    expect(heard).toEqual([])
    vi.advanceTimersByTime(1_000)
    await settle()
    expect(heard.map((answer) => answer.total)).toEqual([2])
    await pageAndSecond(rows.slice(2, 5))
    expect(heard.map((answer) => answer.total)).toEqual([2, 5])
    expect(heard.at(-1)?.coverage).toMatchObject({ kind: 'counting', executions: 5 })
    stop()
    expect(errors).toEqual([])
  })

  it('is not heard once the rows are in, even when asked before', async () => {
    const { heard, errors, stop, hold, allIn, pageAndSecond } = watching()
    const release = hold()
    await pageAndSecond(rows.slice(0, 3), true)
    allIn()
    release()
    await settle()
    expect(heard).toEqual([])
    stop()
    expect(errors).toEqual([])
  })

  it('is not heard once the watcher stopped, even when asked before', async () => {
    const { heard, errors, stop, hold, readPage, pageAndSecond } = watching()
    const release = hold()
    await pageAndSecond(rows.slice(0, 3), true)
    stop()
    release()
    await settle()
    // Nor is a page read after it.
    readPage(rows.slice(3))
    await settle()
    vi.advanceTimersByTime(1_000)
    await settle()
    expect(heard).toEqual([])
    expect(errors).toEqual([])
  })
})
