import { readFilterParams } from '../../shared/filterCodec.ts'
import { readableState, stateMeaning } from '../../shared/states.ts'
import type { WatchSeen } from '../../shared/watches.ts'
import { thresholdText } from '../../shared/watches.ts'
import type { Credentials } from '../auth/credentials.ts'
import type { ExecutionIndex } from '../index/executionIndex.ts'
import type { KeptWatch } from './watchBook.ts'

/** What a watch shows now, as one key to compare with what was last recorded, and the change in words. */
export interface Look {
  seen: WatchSeen
  /** Equal keys: nothing changed worth a notice (a view's count moving while it stays under its threshold, say). */
  key: string
}

/** The state in words; a row whose outcome is being read still carries the state it had before it finished. */
const stateWords = (seen: WatchSeen | null): string =>
  !seen || seen.state === undefined || seen.state === null
    ? 'unknown'
    : readableState(seen.state).toLowerCase()

/** The filters of a view watch (its `view` is in the URL's spelling; it was checked when the watch was made). */
export const viewFilters = (watch: KeptWatch) =>
  readFilterParams(new URLSearchParams(watch.view ?? '')).filters

/** Looks at one watch in the index: an execution's state, or a view's count over its threshold's window. */
export async function lookAt(
  index: ExecutionIndex,
  credentials: Credentials,
  watch: KeptWatch,
  at: number,
): Promise<Look> {
  if (watch.kind === 'execution') {
    const { row } = await index.lookup(credentials, watch.executionId ?? '')
    if (row === null) return { seen: { at, state: null }, key: 'unseen' }
    const meaning = stateMeaning(row.state)
    const seen: WatchSeen = { at, state: row.state, outcomePending: row.outcomePending }
    return { seen, key: row.outcomePending ? 'pending' : `state:${meaning ?? row.state}` }
  }
  const threshold = watch.threshold
  if (!threshold) return { seen: { at }, key: 'no threshold' }
  const filters = { ...viewFilters(watch), states: [threshold.state] }
  const answer = await index.overview(credentials, filters, {
    window: { kind: 'absolute', from: at - threshold.minutes * 60_000, to: null, field: 'updated' },
  })
  const count = answer.counts[threshold.state]
  const exact = answer.coverage.kind === 'exact'
  // A lower bound above the threshold is above it; one below says nothing, and is not news.
  const above = count > threshold.count
  return { seen: { at, count, exact, above }, key: above ? 'above' : exact ? 'below' : 'not known' }
}

/** The change from what was recorded to what is seen now, in words for a notice; null when it is no news. */
export function describeChange(watch: KeptWatch, look: Look): string | null {
  if (watch.seenKey === null || watch.seenKey === look.key) return null
  if (watch.kind === 'execution') {
    // Not seen yet, or finished with its outcome still being read: no news until the outcome is known.
    if (watch.seenKey === 'unseen' || look.key === 'unseen' || look.key === 'pending') return null
    return `${watch.executionId}: ${stateWords(watch.seen)} → ${stateWords(look.seen)}`
  }
  const { count = 0, exact = false } = look.seen
  const threshold = watch.threshold
  if (!threshold) return null
  const figure = exact ? String(count) : `at least ${count}`
  if (look.key === 'above') return `${watch.label}: ${figure}, ${thresholdText(threshold)}`
  if (look.key === 'below' && watch.seenKey === 'above')
    return `${watch.label}: back to ${figure}, no longer ${thresholdText(threshold)}`
  return null
}

/** One notice's words for the changes it groups (more than one when they came within a minute). */
export function composeNotice(watch: KeptWatch, changes: string[]): { title: string; body: string } {
  const last = changes.at(-1) ?? ''
  if (changes.length <= 1) {
    const title = watch.kind === 'execution' ? `Watched execution ${last}` : last
    return { title, body: last }
  }
  return {
    title: `${watch.label}: ${changes.length} changes in the last minute`,
    body: changes.slice(-5).join('\n'),
  }
}
