import { MAX_CURSOR_TEXT } from '../lib/cursorTrail'
import type { PagingProblem } from './cursorPagerCore'

// The pager itself is in ./cursorPagerCore, which the first table loads; its words here load only with the parts
// that show a paging problem (the list's notices, the attempts panel).
export { cursorPager, isCursorRefused, previousCursor } from './cursorPagerCore'
export type { CursorPager, CursorPagerInput, PagingProblem } from './cursorPagerCore'

/** A paging problem in words, e.g. for "executions" or "attempts". */
export function pagingProblemText(problem: Exclude<PagingProblem, null>, rows: string): string {
  if (problem === 'cursor-ignored')
    return 'This API did not move to the next page; paging is not supported as assumed. Next is turned off.'
  if (problem === 'cursor-too-long')
    return `The API says more ${rows} follow, but its cursor to reach them is longer than the ${MAX_CURSOR_TEXT.toLocaleString('en-US')} characters a link keeps. Next is turned off.`
  return `The API says more ${rows} follow, but sent no cursor to reach them. Next is turned off.`
}
