import { isApiError, nextPageOf, sameStart, type ListPage } from '../api'
import {
  MAX_CURSOR_TEXT,
  firstPage,
  nextPage,
  pageNumber,
  previousPage,
  previousSkipsPages,
  type CursorPosition,
} from '../lib/cursorTrail'

export type PagingProblem = 'cursor-ignored' | 'no-cursor' | 'cursor-too-long' | null

export interface CursorPagerInput<P extends CursorPosition> {
  /** The answer on screen; undefined while none (or only a placeholder of another page) is there. */
  page: ListPage<{ id: string }> | undefined
  /** Rows asked for per page: a full page with has_next_page missing means "maybe more". */
  first: number
  position: P
  /** The cached answer of the page before this one, to catch an API that ignores `page.after`. */
  previous: ListPage<{ id: string }> | undefined
  /** Moves to another position (the caller writes it into the URL). */
  onMove: (position: P) => void
}

export interface CursorPager {
  page: number
  hasPrevious: boolean
  hasNext: boolean
  /** The cursor Next leads to, when it leads anywhere. */
  nextCursor: string | null
  problem: PagingProblem
  /** Previous from here jumps to the first page (older cursors were dropped to keep the link short). */
  previousSkips: boolean
  goNext: () => void
  goPrevious: () => void
  goFirst: () => void
}

/**
 * Forward-only cursor paging, shared by the list and the attempts panel: Next follows the answer's end
 * cursor (see nextPageOf), Previous walks back the trail of cursors kept, and an API that answers the next
 * page with the same rows again is caught instead of offering Next forever.
 */
export function cursorPager<P extends CursorPosition>(input: CursorPagerInput<P>): CursorPager {
  const { page, first, position, previous, onMove } = input
  let nextCursor: string | null = null
  let problem: PagingProblem = null
  if (page && position.after !== null && previous && page.data.length > 0 && sameStart(page, previous)) {
    problem = 'cursor-ignored'
  } else if (page) {
    const next = nextPageOf(page, first)
    if (next.kind === 'no-cursor') problem = 'no-cursor'
    // A cursor the link cannot keep would be dropped on the way: say so rather than offer a Next that stays put.
    if (next.kind === 'cursor' && next.cursor.length > MAX_CURSOR_TEXT) problem = 'cursor-too-long'
    else if (next.kind === 'cursor') nextCursor = next.cursor
  }
  const hasPrevious = position.trail.length > 0
  return {
    page: pageNumber(position),
    hasPrevious,
    hasNext: nextCursor !== null,
    nextCursor,
    problem,
    previousSkips: previousSkipsPages(position),
    goNext: () => {
      if (nextCursor !== null) onMove(nextPage(position, nextCursor))
    },
    goPrevious: () => {
      if (hasPrevious) onMove(previousPage(position))
    },
    goFirst: () => onMove(firstPage(position)),
  }
}

/** The cursor of the page before `position` (null for the first page), to look its answer up. */
export function previousCursor(position: CursorPosition): string | null {
  const before = position.trail.at(-1) ?? ''
  return before === '' ? null : before
}

/**
 * A page asked for by a cursor that was refused (400): Retry cannot help, the first page can. The API's 400, or the
 * dashboard's own `bad_request` (the index's list refuses a cursor it did not write); its other refusals (an id it
 * cannot address, a filter too long) are not the cursor's.
 */
export function isCursorRefused(after: string | null, error: unknown): boolean {
  if (after === null || !isApiError(error) || error.status !== 400) return false
  return error.origin !== 'dashboard' || error.code === 'bad_request'
}
