import { DIGEST_SAMPLE } from '../../shared/digest.ts'
import type { IndexedExecution } from './rows.ts'

/** Fewer succeeded executions than this say nothing about a usual duration. */
export const MIN_BASIS = 20
const USUAL_PERCENTILE = 0.9

/** The failures the index saw change since `since` (by updated_at), newest first. */
export function failuresSince(rows: Iterable<IndexedExecution>, since: number) {
  const failed = [...rows].filter(
    (row) => row.meaning === 'failed' && row.updatedAt !== null && row.updatedAt > since,
  )
  failed.sort((a, b) => (b.updatedAt ?? 0) - (a.updatedAt ?? 0))
  return { count: failed.length, ids: failed.slice(0, DIGEST_SAMPLE).map((row) => row.id) }
}

/**
 * Running executions that have run longer than 90 % of the succeeded ones took (updated_at − created_at); with too
 * few succeeded ones to tell, none are called long (`usualMs` null says why).
 */
export function runningLong(rows: Iterable<IndexedExecution>, now: number) {
  const durations: number[] = []
  const running: IndexedExecution[] = []
  for (const row of rows) {
    if (row.createdAt === null) continue
    if (row.meaning === 'succeed' && row.updatedAt !== null) durations.push(row.updatedAt - row.createdAt)
    else if (row.meaning === 'started') running.push(row)
  }
  if (durations.length < MIN_BASIS) return { count: 0, ids: [], usualMs: null, basis: durations.length }
  durations.sort((a, b) => a - b)
  const usualMs =
    durations[Math.min(durations.length - 1, Math.floor(durations.length * USUAL_PERCENTILE))] ?? 0
  const long = running
    .filter((row) => now - (row.createdAt ?? now) > usualMs)
    .sort((a, b) => (a.createdAt ?? 0) - (b.createdAt ?? 0))
  return {
    count: long.length,
    ids: long.slice(0, DIGEST_SAMPLE).map((row) => row.id),
    usualMs,
    basis: durations.length,
  }
}
