import type { SortKey } from './model.ts'

export const DEFAULT_PAGE_SIZE = 20
/** The largest page unless the demo is told otherwise (`maxPageSize`). */
export const MAX_PAGE_SIZE = 100

/** Descending by (created_at, id): newest first, equal times by id from high to low. */
export function compareNewestFirst(a: SortKey, b: SortKey): number {
  if (a.createdAt !== b.createdAt) return b.createdAt - a.createdAt
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0
}

/**
 * A cursor is the base64url of the item's sort key, not of its position, so it stays
 * valid while items are added or change state.
 */
export function encodeCursor(key: SortKey): string {
  const json = JSON.stringify([new Date(key.createdAt).toISOString(), key.id])
  return Buffer.from(json, 'utf8').toString('base64url')
}

export function decodeCursor(cursor: string): SortKey | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (!Array.isArray(parsed) || parsed.length !== 2) return null
    const [createdAtText, id] = parsed as unknown[]
    if (typeof createdAtText !== 'string' || typeof id !== 'string') return null
    const key = { createdAt: Date.parse(createdAtText), id }
    // Only cursors this server could have produced are accepted.
    return encodeCursor(key) === cursor ? key : null
  } catch {
    return null
  }
}

export interface PageRequest {
  first?: number
  last?: number
  after?: SortKey
  before?: SortKey
}

export interface PageInfo {
  has_next_page: boolean
  has_prev_page: boolean
  start_cursor: string | null
  end_cursor: string | null
}

export interface Page<T> {
  items: T[]
  pageInfo: PageInfo
}

/** First index whose item satisfies a predicate that is false then true along `sorted`. */
function firstIndexWhere<T>(sorted: readonly T[], predicate: (item: T) => boolean): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (predicate(sorted[middle] as T)) high = middle
    else low = middle + 1
  }
  return low
}

/**
 * Relay-style paging over items already sorted by `compareNewestFirst`. The page flags describe
 * the whole filtered list: `has_prev_page` is true whenever some item precedes the page (so also
 * with `after`), `has_next_page` whenever some item follows it (so also with `before`).
 */
export function paginate<T extends SortKey>(
  sorted: readonly T[],
  request: PageRequest,
  defaultSize = DEFAULT_PAGE_SIZE,
): Page<T> {
  const { after, before } = request
  let start = after ? firstIndexWhere(sorted, (item) => compareNewestFirst(item, after) > 0) : 0
  let end = before ? firstIndexWhere(sorted, (item) => compareNewestFirst(item, before) >= 0) : sorted.length
  end = Math.max(start, end)
  if (request.last !== undefined) start = Math.max(start, end - request.last)
  else end = Math.min(end, start + (request.first ?? defaultSize))

  const items = sorted.slice(start, end)
  const firstItem = items[0]
  const lastItem = items.at(-1)
  return {
    items,
    pageInfo: {
      has_next_page: end < sorted.length,
      has_prev_page: start > 0,
      start_cursor: firstItem ? encodeCursor(firstItem) : null,
      end_cursor: lastItem ? encodeCursor(lastItem) : null,
    },
  }
}
