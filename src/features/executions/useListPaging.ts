import { useQueryClient } from '@tanstack/react-query'
import { executionListQuery, nextPageOf, type ExecutionList, type ListParams } from '../../api'
import type { CursorPosition } from '../../lib/cursorTrail'

export type PagingProblem = 'cursor-ignored' | 'no-cursor' | null

function sameStart(page: ExecutionList, previous: ExecutionList): boolean {
  const first = page.data[0]?.id
  if (first !== undefined && first === previous.data[0]?.id) return true
  const cursor = page.page_info.start_cursor
  return typeof cursor === 'string' && cursor === previous.page_info.start_cursor
}

/**
 * Where Next leads, and whether paging works as assumed: an API that ignores `page.after` answers
 * page N+1 with page N again, which is detected instead of offering Next forever.
 */
export function useListPaging(
  page: ExecutionList | undefined,
  params: ListParams,
  position: CursorPosition,
  isPlaceholder: boolean,
): { nextCursor: string | null; problem: PagingProblem } {
  const queryClient = useQueryClient()
  if (!page || isPlaceholder) return { nextCursor: null, problem: null }
  if (position.after !== null) {
    const previousAfter = position.trail.at(-1) ?? ''
    const previous = queryClient.getQueryData<ExecutionList>(
      executionListQuery({ ...params, after: previousAfter === '' ? null : previousAfter }).queryKey,
    )
    if (previous && page.data.length > 0 && sameStart(page, previous))
      return { nextCursor: null, problem: 'cursor-ignored' }
  }
  const next = nextPageOf(page, params.first)
  if (next.kind === 'no-cursor') return { nextCursor: null, problem: 'no-cursor' }
  return { nextCursor: next.kind === 'cursor' ? next.cursor : null, problem: null }
}
