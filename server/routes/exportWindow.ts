import type { WalkPage } from '../../shared/listWalker.ts'
import type { Credentials } from '../auth/credentials.ts'
import { coverageDoubtText } from '../../shared/overview.ts'
import type { ExecutionIndex } from '../index/executionIndex.ts'
import type { ApiRow } from '../upstream/listPage.ts'
import type { ExportRequest } from './exportRequest.ts'
import { asApiRow } from '../index/rows.ts'

/** Rows per page of a windowed export: pages of the index cost no upstream call, only a pass over its rows. */
export const INDEX_EXPORT_PAGE = 1_000

/**
 * One page of a windowed export from the index (the API has no time filter): newest first on the window's
 * time, the rows as the API sent them, and a doubt to write at the end when the index does not hold the
 * whole filtered set.
 */
export async function windowPage(
  index: ExecutionIndex,
  credentials: Credentials,
  request: ExportRequest,
  first: number,
  after: string | null,
): Promise<{ page: WalkPage<ApiRow>; unsure: string | null }> {
  const answer = await index.page(credentials, request, {
    window: request.window,
    sort: request.window.field === 'updated' ? 'updated' : 'created',
    first,
    after,
  })
  return {
    page: { rows: answer.rows.map(asApiRow), hasNext: answer.hasNext, endCursor: answer.endCursor },
    unsure: coverageDoubtText(answer.coverage),
  }
}
