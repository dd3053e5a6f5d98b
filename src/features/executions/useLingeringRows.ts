import { useState } from 'react'
import { rescheduledSince, type Execution } from '../../api'

/** A row the user rescheduled that a refresh then dropped, kept in its old place, dimmed. */
export interface LingeringRow {
  execution: Execution
  /** Its position among the rows before it left. */
  index: number
}

const RECENT_MS = 10 * 60_000

interface Tracked {
  pageKey: string
  rows: readonly Execution[] | undefined
  lingering: LingeringRow[]
}

/**
 * Rows rescheduled from this page that no longer match the filters stay visible (marked) until the page
 * changes, so the user sees what happened instead of a row vanishing under the pointer.
 */
export function useLingeringRows(pageKey: string, rows: readonly Execution[] | undefined): LingeringRow[] {
  const [tracked, setTracked] = useState<Tracked>({ pageKey, rows, lingering: [] })
  if (tracked.pageKey !== pageKey || tracked.rows !== rows) {
    setTracked({ pageKey, rows, lingering: nextLingering(tracked, pageKey, rows) })
  }
  return tracked.pageKey === pageKey ? tracked.lingering : []
}

function nextLingering(
  tracked: Tracked,
  pageKey: string,
  rows: readonly Execution[] | undefined,
): LingeringRow[] {
  if (tracked.pageKey !== pageKey || !rows || !tracked.rows) return []
  const present = new Set(rows.map((row) => row.id))
  const since = Date.now() - RECENT_MS
  const kept = tracked.lingering.filter((row) => !present.has(row.execution.id))
  tracked.rows.forEach((execution, index) => {
    if (!present.has(execution.id) && rescheduledSince(execution.id, since)) kept.push({ execution, index })
  })
  return kept
}
