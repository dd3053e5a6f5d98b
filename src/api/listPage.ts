import { describeProblem, readStateResource, rowIdOf, type ListEnvelope } from '../../shared/listAnswer'
import type { ListPage, RejectedRow } from './schemas'

/** Reads each row on its own: good rows are kept, bad ones are reported with their id and fields. */
export function toListPage<T>(envelope: ListEnvelope): ListPage<T> {
  const data: T[] = []
  const rejected: RejectedRow[] = []
  for (const [index, item] of (envelope.data ?? []).entries()) {
    const read = readStateResource(item)
    if (read.ok) data.push(read.value as T)
    else {
      const problems = read.problems.map((problem) =>
        describeProblem(problem.path === '' ? { ...problem, path: 'row' } : problem),
      )
      rejected.push({ index, id: rowIdOf(item), problems })
    }
  }
  return { data, page_info: envelope.page_info ?? {}, rejected }
}

export type NextPage =
  | { kind: 'none' }
  | { kind: 'cursor'; cursor: string; certain: boolean }
  /** The API says (or a full page suggests) more follow, but gave no cursor to get there. */
  | { kind: 'no-cursor' }

/**
 * Whether there is a next page and how to reach it. A missing has_next_page with a full page means
 * "maybe more"; an API that caps `first` (fewer rows than asked, has_next_page true) still pages on.
 */
export function nextPageOf(page: ListPage<unknown>, requestedFirst: number): NextPage {
  const { has_next_page: hasNext, end_cursor: cursor } = page.page_info
  const rows = page.data.length + (page.rejected?.length ?? 0)
  const maybe = hasNext === true || ((hasNext === undefined || hasNext === null) && rows >= requestedFirst)
  // An empty page leads on only when the API says so outright; Next is a person's click, so it cannot loop.
  if (!maybe || (rows === 0 && hasNext !== true)) return { kind: 'none' }
  if (!cursor) return { kind: 'no-cursor' }
  return { kind: 'cursor', cursor, certain: hasNext === true }
}

/** Two answers that start alike: the API answered the next page with this one again. */
export function sameStart(page: ListPage<{ id: string }>, previous: ListPage<{ id: string }>): boolean {
  const first = page.data[0]?.id
  if (first !== undefined && first === previous.data[0]?.id) return true
  const cursor = page.page_info.start_cursor
  return typeof cursor === 'string' && cursor === previous.page_info.start_cursor
}
