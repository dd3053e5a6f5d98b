import type { WalkPage } from '../../shared/listWalker'
import type { ListPage } from './schemas'

/** A list page as the list walker reads it (shared/listWalker.ts). */
export function walkPageOf<T>(page: ListPage<T>): WalkPage<T> {
  return { rows: page.data, hasNext: page.page_info.has_next_page, endCursor: page.page_info.end_cursor }
}
