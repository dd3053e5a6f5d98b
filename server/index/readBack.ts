/*
 * A restart answers its first overviews from the store before the rows are read back (issue 49 §4): at a million
 * executions reading them back takes seconds, while each family's counts over any time and every state are a few
 * bytes. They are written in the same transaction as the rows they count, so what is read is what the rows, once
 * read back, would say; the answer says it was read back, and when it was written.
 */
import type { ListFilters } from '../../shared/filters.ts'
import type { OrderKind, OverviewAnswer } from '../../shared/overview.ts'
import type { Store } from '../store/store.ts'
import { claimOf } from './claims.ts'
import { isRecord } from '../../shared/readResult.ts'
import { KNOWN_EXECUTION_STATES, stateMeaning } from '../../shared/states.ts'
import { emptyKnown, pendingMayMatch, type StateCounts } from './counting.ts'
import { storedFamily, type Family, type StoredFamily } from './family.ts'
import type { Partition } from './partition.ts'

/** A family's counts over any time and every state, as its rows stood when written. */
export interface StoredSummary {
  counts: StateCounts
  /** The family's members (the coverage's executions). */
  executions: number
  writtenAt: number
}

export type SummarizedFamily = StoredFamily & { summary?: StoredSummary }

/** What the store keeps of a family, with its counts as they are now. */
export function summarized(partition: Partition, family: Family, now: number): SummarizedFamily {
  const counts = partition.count(family, [])
  return { ...storedFamily(family), summary: { counts, executions: family.members.size, writtenAt: now } }
}

const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0

/** A summary as stored, or undefined when there is none (a store written before summaries) or it is not one. */
export function readSummary(value: unknown): StoredSummary | undefined {
  if (!isRecord(value) || !isCount(value['executions']) || typeof value['writtenAt'] !== 'number')
    return undefined
  const counts = value['counts']
  if (!isRecord(counts) || !isCount(counts['pending']) || !isCount(counts['total'])) return undefined
  const known = counts['known']
  const other = counts['other']
  if (!isRecord(known) || !KNOWN_EXECUTION_STATES.every((state) => isCount(known[state]))) return undefined
  if (!isRecord(other) || !Object.values(other).every(isCount)) return undefined
  return value as unknown as StoredSummary
}

/** The families of a stored partition, each with its summary when it has one. */
export async function readSummaries(store: Store, partition: number): Promise<Map<string, SummarizedFamily>> {
  const rows = await store.query<{ family: string; coverage: SummarizedFamily }>(
    'select family, coverage from index_families where partition_id = $1',
    [partition],
  )
  return new Map(rows.map(({ family, coverage }) => [family, coverage]))
}

/** A summary's counts within a state filter: what counting its rows with that filter gives. */
export function countsWithin(all: StateCounts, states: readonly string[]): StateCounts {
  if (states.length === 0) return all
  const meanings = new Set(states.map(stateMeaning).filter((meaning) => meaning !== null))
  const spellings = new Set(states.filter((state) => stateMeaning(state) === null))
  const known = emptyKnown()
  const other: Record<string, number> = {}
  let total = 0
  for (const state of KNOWN_EXECUTION_STATES) {
    if (!meanings.has(state)) continue
    known[state] = all.known[state]
    total += known[state]
  }
  for (const [spelling, count] of Object.entries(all.other)) {
    if (!spellings.has(spelling)) continue
    other[spelling] = count
    total += count
  }
  const pending = pendingMayMatch(states) ? all.pending : 0
  return { known, other, pending, total: total + pending, undated: 0, runningBefore: 0 }
}

/** An overview over any time from a family as stored and its summary: what its rows, once read back, will say. */
export function overviewFromSummary(
  { family, summary }: { family: Family; summary: StoredSummary },
  filters: ListFilters,
  at: { order: OrderKind; scanner: OverviewAnswer['scanner']; now: number },
): OverviewAnswer {
  const counts = countsWithin(summary.counts, filters.states)
  return {
    window: null,
    undated: 0,
    runningBefore: 0,
    histogram: null,
    filters,
    counts: counts.known,
    other: counts.other,
    pending: counts.pending,
    total: counts.total,
    coverage: claimOf(family, null, at.order, counts.pending, summary.executions),
    notes: {
      excluded: family.excluded,
      pending: counts.pending,
      order: at.order,
      refreshFailing: null,
      verifyTrouble: family.roundTrouble,
      readBack: { writtenAt: summary.writtenAt },
    },
    scanner: at.scanner,
    generatedAt: at.now,
  }
}
