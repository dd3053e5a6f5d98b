import { queryOptions } from '@tanstack/react-query'
import { NO_LINKS, templateProblem, type LinkSettings, type LinkTemplate } from '../../shared/linkTemplates'
import { linkKeys } from './queryKeys'
import { callRoute } from './route'
import { notRead, type ReadResult } from '../../shared/readResult'

/** The server checked each template at start-up; the browser checks again and keeps only the usable ones. */
function readLinkSettings(payload: unknown): ReadResult<LinkSettings> {
  const record = (payload !== null && typeof payload === 'object' ? payload : {}) as Record<string, unknown>
  const marginMs = record['marginMs']
  if (!Array.isArray(record['links']) || typeof marginMs !== 'number' || !(marginMs >= 0))
    return notRead('expected links and marginMs')
  const links = (record['links'] as unknown[]).filter(
    (entry): entry is LinkTemplate =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as LinkTemplate).label === 'string' &&
      typeof (entry as LinkTemplate).url === 'string' &&
      templateProblem(entry as LinkTemplate) === null,
  )
  return { ok: true, value: { links, marginMs } }
}

export { linkKeys }

/** GET /api/links: the log and trace link templates (DASHBOARD_LINKS); they change only with a restart. */
export function linksQuery() {
  return queryOptions({
    queryKey: linkKeys.all,
    queryFn: ({ signal }) => callRoute('links', { read: readLinkSettings, signal }),
    staleTime: Infinity,
    placeholderData: NO_LINKS,
  })
}
