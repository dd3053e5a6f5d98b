import type { ExecutionIndex, ExecutionList } from './executionIndex.ts'
import { matchesExecutionFilters } from './filters.ts'
import type { ExecutionFilters } from './filters.ts'
import type { ExecutionRecord, SortKey } from './model.ts'
import { compareNewestFirst, DEFAULT_PAGE_SIZE, encodeCursor } from './paging.ts'
import type { Page, PageRequest } from './paging.ts'

type Rows = Generator<ExecutionRecord, void, undefined>
type Matches = (execution: ExecutionRecord) => boolean

/** Rows in newest-first order that hold every row of the filtered list (and maybe others). */
interface Source {
  forward(after?: SortKey, inclusive?: boolean): Rows
  backward(before?: SortKey, inclusive?: boolean): Rows
}

/** Several lists as one, in list order (`direction` 1) or reversed (-1); the lists do not overlap. */
function* mergeRows(iterators: Rows[], direction: 1 | -1): Rows {
  const heads = iterators.map((iterator) => iterator.next())
  for (;;) {
    let best = -1
    let bestRow: ExecutionRecord | undefined
    heads.forEach((head, at) => {
      if (head.done) return
      if (!bestRow || direction * compareNewestFirst(head.value, bestRow) < 0) {
        best = at
        bestRow = head.value
      }
    })
    if (!bestRow) return
    yield bestRow
    heads[best] = (iterators[best] as Rows).next()
  }
}

function unionOf(lists: readonly ExecutionList[]): Source {
  if (lists.length === 1) return lists[0] as ExecutionList
  return {
    forward: (after, inclusive) =>
      mergeRows(
        lists.map((list) => list.forward(after, inclusive)),
        1,
      ),
    backward: (before, inclusive) =>
      mergeRows(
        lists.map((list) => list.backward(before, inclusive)),
        -1,
      ),
  }
}

/**
 * The smallest walk that holds the filtered list: each filter entry (the states, each metadata
 * entry) selects the union of its values' lists, and the entries are ANDed, so the smallest union
 * will do. Null when some entry selects nothing.
 */
function sourceFor(index: ExecutionIndex, filters: ExecutionFilters): Source | null {
  const entries: ExecutionList[][] = []
  const states = filters.states ?? []
  if (states.length > 0) entries.push([...new Set(states)].flatMap((state) => index.inState(state) ?? []))
  for (const { key, values } of filters.metadata ?? []) {
    entries.push([...new Set(values)].flatMap((value) => index.withMetadata(key, value) ?? []))
  }
  let smallest: ExecutionList[] = [index.all]
  let smallestSize = index.all.size
  for (const lists of entries) {
    const size = lists.reduce((sum, list) => sum + list.size, 0)
    if (size === 0) return null
    if (size < smallestSize) [smallest, smallestSize] = [lists, size]
  }
  return unionOf(smallest)
}

function anyMatch(rows: Rows, matches: Matches, current = rows.next()): boolean {
  for (let next = current; !next.done; next = rows.next()) if (matches(next.value)) return true
  return false
}

interface Walk {
  items: ExecutionRecord[]
  hasPrev: boolean
  hasNext: boolean
}

function walkForward(source: Source, matches: Matches, request: PageRequest, size: number): Walk {
  const { after, before } = request
  const items: ExecutionRecord[] = []
  const rows = source.forward(after)
  let next = rows.next()
  for (; !next.done && items.length < size; next = rows.next()) {
    if (before && compareNewestFirst(next.value, before) >= 0) break
    if (matches(next.value)) items.push(next.value)
  }
  return {
    items,
    hasPrev: after !== undefined && anyMatch(source.backward(after, true), matches),
    // From the row that ended the page on: the one at `before`, or the one after the page's last.
    hasNext: anyMatch(rows, matches, next),
  }
}

function walkBackward(source: Source, matches: Matches, request: PageRequest, size: number): Walk {
  const { after, before } = request
  // With `before` at or above `after`, the page is empty and sits just past `after`.
  const collapsed = after !== undefined && before !== undefined && compareNewestFirst(before, after) <= 0
  const items: ExecutionRecord[] = []
  const rows = collapsed ? source.backward(after, true) : source.backward(before)
  let next = rows.next()
  if (!collapsed) {
    for (; !next.done && items.length < size; next = rows.next()) {
      if (after && compareNewestFirst(next.value, after) <= 0) break
      if (matches(next.value)) items.push(next.value)
    }
  }
  const end = collapsed ? source.forward(after) : before ? source.forward(before, true) : undefined
  return {
    items: items.reverse(),
    hasPrev: anyMatch(rows, matches, next),
    hasNext: end !== undefined && anyMatch(end, matches),
  }
}

/**
 * The same page as `paginate` over the filtered, newest-first list, found by walking only the
 * rows the page needs (plus the search for one more matching row on each side, for the flags).
 */
export function findExecutionPage(
  index: ExecutionIndex,
  filters: ExecutionFilters,
  request: PageRequest,
  defaultSize = DEFAULT_PAGE_SIZE,
): Page<ExecutionRecord> {
  const source = sourceFor(index, filters)
  const matches: Matches = (execution) => matchesExecutionFilters(execution, filters)
  const walk = !source
    ? { items: [], hasPrev: false, hasNext: false }
    : request.last !== undefined
      ? walkBackward(source, matches, request, request.last)
      : walkForward(source, matches, request, request.first ?? defaultSize)
  const firstItem = walk.items[0]
  const lastItem = walk.items.at(-1)
  return {
    items: walk.items,
    pageInfo: {
      has_next_page: walk.hasNext,
      has_prev_page: walk.hasPrev,
      start_cursor: firstItem ? encodeCursor(firstItem) : null,
      end_cursor: lastItem ? encodeCursor(lastItem) : null,
    },
  }
}
