import { queryOptions } from '@tanstack/react-query'
import { upstreamOfPath, type UpstreamInfo, type UpstreamList } from '../../shared/upstreams'
import { callRoute } from './route'
import { isRecord, notRead, type ReadResult } from '../../shared/readResult'

export type { UpstreamInfo, UpstreamList } from '../../shared/upstreams'

export function readUpstreamList(payload: unknown): ReadResult<UpstreamList> {
  if (!isRecord(payload) || !Array.isArray(payload.upstreams)) return notRead('expected the list of APIs')
  const upstreams = payload.upstreams.filter(
    (entry): entry is UpstreamInfo =>
      isRecord(entry) && typeof entry.name === 'string' && typeof entry.color === 'string',
  )
  const defaultName = typeof payload.defaultName === 'string' ? payload.defaultName : null
  return { ok: true, value: { upstreams, defaultName } }
}

/** Which APIs this dashboard shows (EXEC_API_UPSTREAMS); fixed while the server runs. */
export const upstreamsQuery = () =>
  queryOptions({
    queryKey: ['upstreams'] as const,
    queryFn: ({ signal }) => callRoute('upstreams', { read: readUpstreamList, signal }),
    staleTime: Infinity,
  })

/** The API this page shows: the one its path names, else the dashboard's first; null with only one API. */
export function currentUpstream(list: UpstreamList | undefined, pathname: string): UpstreamInfo | null {
  if (!list || list.upstreams.length === 0) return null
  const name = upstreamOfPath(pathname) ?? list.defaultName
  return list.upstreams.find((upstream) => upstream.name === name) ?? null
}
