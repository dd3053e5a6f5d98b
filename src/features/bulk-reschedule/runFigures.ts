import { CSV_BOM, csvLine } from '../../../shared/csv'
import type { Execution } from '../../api'
import type { RunSnapshot } from './bulkRun'

export interface RunFigures {
  total: number
  settled: number
  /** Settled per second since the start. */
  rate: number
  /** Seconds left at the current rate; null before there is a rate. */
  secondsLeft: number | null
}

export function runFigures(snapshot: RunSnapshot, now: number): RunFigures {
  const total = snapshot.results.size
  const settled = snapshot.done + snapshot.failed + snapshot.unknown
  const seconds = Math.max((now - snapshot.startedAt) / 1000, 0.001)
  const rate = settled / seconds
  return { total, settled, rate, secondsLeft: settled > 0 ? snapshot.remaining / rate : null }
}

/** Announce at most every 10 % of the run or every 10 s, never per item. */
export function calmProgressKey(figures: RunFigures, now: number, startedAt: number): string {
  const tenth = figures.total > 0 ? Math.floor((figures.settled / figures.total) * 10) : 0
  return `${tenth}:${Math.floor((now - startedAt) / 10_000)}`
}

/** One CSV line per execution: the run's results for a postmortem (cells are formula-safe, shared/csv). */
export function resultsCsv(snapshot: RunSnapshot): string {
  const lines = [csvLine(['id', 'outcome', 'detail'])]
  for (const [id, result] of snapshot.results) {
    const detail = 'said' in result ? result.said : 'reason' in result ? (result.reason ?? '') : ''
    lines.push(csvLine([id, result.kind, detail]))
  }
  return CSV_BOM + lines.join('')
}

/** An execution a bulk run will act on: a selected row, or an entry of the server's count (times may be missing). */
export type PlannedExecution = Pick<Execution, 'id' | 'state'> & {
  created_at?: string | null
  updated_at?: string | null
}

/** The set a bulk run is about to act on, as counted: one line per execution, for the incident report. */
export function setCsv(executions: readonly PlannedExecution[]): string {
  const lines = [csvLine(['id', 'state', 'created_at', 'updated_at'])]
  for (const execution of executions)
    lines.push(
      csvLine([execution.id, execution.state, execution.created_at ?? '', execution.updated_at ?? '']),
    )
  return CSV_BOM + lines.join('')
}
