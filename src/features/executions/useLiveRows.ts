import { useCallback, useLayoutEffect, useRef, useState } from 'react'
import type { Execution } from '../../api'

interface Tracked {
  viewKey: string
  rows: readonly Execution[] | undefined
  /** Ids the user has been shown in this view; others are held back until Show. */
  known: ReadonlySet<string>
  /** Ids whose state differs from the answer before. */
  changed: ReadonlySet<string>
}

export interface LiveRows {
  /** The rows to draw: the answer without the held arrivals (undefined while there is no answer). */
  rows: readonly Execution[] | undefined
  /** How many arrivals are held back. */
  held: number
  showHeld: () => void
  changed: ReadonlySet<string>
}

const NONE: ReadonlySet<string> = new Set()
const idsOf = (rows: readonly Execution[] | undefined) => (rows ?? []).map((row) => row.id)

/**
 * A list that holds still while it is read: executions a refresh brings in are held back (and counted)
 * unless `canFlowIn()` says nobody is reading (first page, scrolled to the top, focus elsewhere). Rows
 * already on screen update in place, and those whose state changed are reported in `changed`.
 */
export function useLiveRows(
  viewKey: string,
  rows: readonly Execution[] | undefined,
  canFlowIn: () => boolean,
): LiveRows {
  const [tracked, setTracked] = useState<Tracked>({
    viewKey,
    rows,
    known: new Set(idsOf(rows)),
    changed: NONE,
  })
  if (tracked.viewKey !== viewKey || tracked.rows !== rows) {
    setTracked(nextTracked(tracked, viewKey, rows, canFlowIn))
  }
  const anchor = useRef<{ id: string; top: number } | null>(null)

  const showHeld = useCallback(() => {
    anchor.current = topRowOnScreen()
    setTracked((current) => ({ ...current, known: new Set([...current.known, ...idsOf(current.rows)]) }))
  }, [])

  // Showing the held rows keeps the row that was at the top of the screen where it was.
  useLayoutEffect(() => {
    const kept = anchor.current
    anchor.current = null
    if (!kept) return
    const row = document.querySelector(`tr[data-row-id="${CSS.escape(kept.id)}"]`)
    if (row) window.scrollBy(0, row.getBoundingClientRect().top - kept.top)
  }, [tracked.known])

  const current = tracked.viewKey === viewKey ? tracked : null
  const shown = current?.rows?.filter((row) => current.known.has(row.id))
  return {
    rows: shown,
    held: (current?.rows?.length ?? 0) - (shown?.length ?? 0),
    showHeld,
    changed: current?.changed ?? NONE,
  }
}

function nextTracked(
  tracked: Tracked,
  viewKey: string,
  rows: readonly Execution[] | undefined,
  canFlowIn: () => boolean,
): Tracked {
  // A new view, or its first answer: everything in it is simply shown.
  if (tracked.viewKey !== viewKey || !tracked.rows || !rows)
    return { viewKey, rows, known: new Set(idsOf(rows)), changed: NONE }
  const before = new Map(tracked.rows.map((row) => [row.id, row.state]))
  const changed = new Set(
    rows.filter((row) => before.has(row.id) && before.get(row.id) !== row.state).map((row) => row.id),
  )
  const arrived = rows.some((row) => !tracked.known.has(row.id))
  const known = arrived && canFlowIn() ? new Set([...tracked.known, ...idsOf(rows)]) : tracked.known
  return { viewKey, rows, known, changed }
}

/** The first executions row whose bottom is on screen, and where its top is. */
function topRowOnScreen(): { id: string; top: number } | null {
  for (const row of document.querySelectorAll<HTMLElement>('tr[data-row-id]')) {
    const box = row.getBoundingClientRect()
    if (box.bottom > 0) {
      // The list's top is on screen: nothing to keep still, the new rows appear in view.
      if (row.parentElement?.firstElementChild === row && box.top >= 0) return null
      return { id: row.dataset.rowId ?? '', top: box.top }
    }
  }
  return null
}
