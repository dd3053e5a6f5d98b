import type { z } from 'zod/mini'
import type { ListEnvelope, ListPage, RejectedRow } from './schemas'
import { formatIssuePath } from './transport'

function idOf(item: unknown): string | null {
  if (item === null || typeof item !== 'object') return null
  const id: unknown = (item as Record<string, unknown>)['id']
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null
}

/** Parses each row on its own: good rows are kept, bad ones are reported with their id and fields. */
export function toListPage<T>(envelope: ListEnvelope, rowSchema: z.ZodMiniType<T>): ListPage<T> {
  const data: T[] = []
  const rejected: RejectedRow[] = []
  for (const [index, item] of (envelope.data ?? []).entries()) {
    const result = rowSchema.safeParse(item)
    if (result.success) {
      data.push(result.data)
      continue
    }
    const problems = result.error.issues.map(
      (issue) => `${formatIssuePath(issue.path) || 'row'}: ${issue.message}`,
    )
    rejected.push({ index, id: idOf(item), problems })
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
  if (!maybe || rows === 0) return { kind: 'none' }
  if (!cursor) return { kind: 'no-cursor' }
  return { kind: 'cursor', cursor, certain: hasNext === true }
}
