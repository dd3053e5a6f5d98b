import { messageFromText } from '../../shared/errorBody.ts'
import type { FilterableRow } from '../../shared/filters.ts'
import type { WalkPage } from '../../shared/listWalker.ts'
import type { Lane } from './budget.ts'
import type { UpstreamAnswer, UpstreamClient } from './client.ts'
import { LIST_EXECUTIONS } from './operations.ts'
import { UpstreamFailure } from './request.ts'

export type ApiRow = Record<string, unknown>

/** An API row as the filters read it (shared/filters): its state and its metadata, whatever their shape. */
export const filterableRow = (row: ApiRow): FilterableRow => ({
  state: String(row.state),
  metadata: row.metadata,
})

export function withheldFailure(status: number): UpstreamFailure {
  return new UpstreamFailure(
    502,
    'upstream_error_withheld',
    `The API answered HTTP ${status}; the answer was withheld by the dashboard because it repeated the credentials.`,
  )
}

/** A list answer as one page of rows; a refusal, an unusable answer or one that repeated the token throws. */
export function parseListAnswer(answer: UpstreamAnswer): WalkPage<ApiRow> {
  if (answer.withheld) throw withheldFailure(answer.status)
  const text = answer.body.toString('utf8')
  if (answer.status < 200 || answer.status > 299) {
    const reason = messageFromText(text)
    throw new UpstreamFailure(
      answer.status >= 400 ? answer.status : 502,
      'upstream_error',
      `The API answered HTTP ${answer.status}${reason ? `: ${reason}` : ''}.`,
    )
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new UpstreamFailure(502, 'upstream_invalid_response', 'The API sent a page that is not JSON.')
  }
  const record = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>
  const info = (
    typeof record.page_info === 'object' && record.page_info !== null ? record.page_info : {}
  ) as Record<string, unknown>
  if (!Array.isArray(record.data) && record.data !== null) {
    throw new UpstreamFailure(502, 'upstream_invalid_response', 'The API sent a page without a data list.')
  }
  const rows = ((record.data ?? []) as unknown[]).filter(
    (row): row is ApiRow => typeof row === 'object' && row !== null && !Array.isArray(row),
  )
  const hasNext = typeof info.has_next_page === 'boolean' ? info.has_next_page : null
  const endCursor = typeof info.end_cursor === 'string' && info.end_cursor !== '' ? info.end_cursor : null
  return { rows, hasNext, endCursor }
}

export interface ListPageRequest {
  body: Buffer
  authorization: string | null
  lane: Lane
  signal?: AbortSignal
  owner?: string
  urgent?: boolean
}

/** One list page through the upstream client. */
export async function fetchListPage(
  client: UpstreamClient,
  request: ListPageRequest,
): Promise<WalkPage<ApiRow>> {
  const answer = await client.call({ operation: LIST_EXECUTIONS, ...request })
  return { ...parseListAnswer(answer), askedAt: answer.sentAt }
}
