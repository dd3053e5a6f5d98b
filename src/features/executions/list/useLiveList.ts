import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, type FocusEvent } from 'react'
import { rescheduledSince, type Execution } from '../../../api'
import { rowElements } from '../../../lib/rowLookup'
import { heldCount, INITIAL_LIST_STATE, listReducer, shownRows, type LingeringRow } from './listReducer'

/** How long a rescheduled row that left the filter may linger. */
const RESCHEDULED_LATELY_MS = 10 * 60_000

export interface SettledAnswer {
  viewKey: string
  /** The view's own rows; undefined while only a placeholder (or nothing) is there. */
  rows: readonly Execution[] | undefined
  isFirstPage: boolean
  /** When the answer arrived (ms epoch). */
  receivedAt: number
}

/** The first row whose bottom is on screen, and where its top is; null when the list's top is on screen. */
function topRowOnScreen(): { id: string; top: number } | null {
  for (const row of rowElements()) {
    const box = row.getBoundingClientRect()
    if (box.bottom <= 0) continue
    if (row.parentElement?.firstElementChild === row && box.top >= 0) return null
    return { id: row.dataset.rowId ?? '', top: box.top }
  }
  return null
}

/** What the live list draws, for the view it last took an answer of. */
export interface LiveRows {
  viewKey: string | null
  /** The settled rows to draw. */
  rows: readonly Execution[]
  held: number
  changed: ReadonlySet<string>
  lingering: readonly LingeringRow[]
  showHeld: () => void
  regionHandlers: { onFocus: () => void; onBlur: (event: FocusEvent<HTMLElement>) => void }
}

/**
 * The live list over listReducer: answers go in as they settle, DOM facts come from event handlers (the
 * window's scroll, focus entering and leaving the list's region), and Show keeps the row at the top of
 * the screen where it was once `drawn` (the rows the table draws) has taken the shown rows. The result
 * changes only with what is drawn.
 */
export function useLiveList(answer: SettledAnswer, drawn: unknown): LiveRows {
  const client = useQueryClient()
  const [state, dispatch] = useReducer(listReducer, INITIAL_LIST_STATE)
  const { viewKey, rows, isFirstPage, receivedAt } = answer

  // This code comes with the list's controls, maybe after the first rows: focus may already be in the list.
  useLayoutEffect(() => {
    if (document.activeElement?.closest('.table-region')) dispatch({ type: 'focus', inList: true })
  }, [])

  // Before paint, so a new answer is never drawn without its held rows left out.
  useLayoutEffect(() => {
    if (!rows) return
    const rescheduled = rescheduledSince(client, receivedAt - RESCHEDULED_LATELY_MS)
    dispatch({ type: 'answer', viewKey, rows, isFirstPage, rescheduled })
  }, [client, viewKey, rows, isFirstPage, receivedAt])

  useEffect(() => {
    const onScroll = () => dispatch({ type: 'scrolled', scrolled: window.scrollY >= 1 })
    onScroll()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])

  const regionHandlers = useMemo(
    () => ({
      onFocus: () => dispatch({ type: 'focus', inList: true }),
      onBlur: (event: FocusEvent<HTMLElement>) => {
        const to = event.relatedTarget
        if (!(to instanceof Node && event.currentTarget.contains(to)))
          dispatch({ type: 'focus', inList: false })
      },
    }),
    [],
  )

  const anchor = useRef<{ id: string; top: number } | null>(null)
  const showHeld = useCallback(() => {
    anchor.current = topRowOnScreen()
    dispatch({ type: 'show-held' })
  }, [])
  useLayoutEffect(() => {
    const kept = anchor.current
    anchor.current = null
    const row = kept ? rowElements().find((element) => element.dataset.rowId === kept.id) : undefined
    if (kept && row) window.scrollBy(0, row.getBoundingClientRect().top - kept.top)
  }, [drawn])

  const { rows: answerRows, known, changed, lingering } = state
  return useMemo(
    () => ({
      viewKey: state.viewKey,
      rows: shownRows({ rows: answerRows, known }),
      held: heldCount({ rows: answerRows, known }),
      changed,
      lingering,
      showHeld,
      regionHandlers,
    }),
    [state.viewKey, answerRows, known, changed, lingering, showHeld, regionHandlers],
  )
}
