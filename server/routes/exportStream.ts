import type { ServerResponse } from 'node:http'
import { writeAndDrain } from '../http/eventStream.ts'
import { filterChecks } from '../../shared/filters.ts'
import { buildListBody, type StateSpeller } from '../../shared/listBody.ts'
import {
  describeUnchecked,
  describeWalkStop,
  walkList,
  type WalkPage,
  type WalkReport,
} from '../../shared/listWalker.ts'
import type { Credentials } from '../auth/credentials.ts'
import type { ExecutionIndex } from '../index/executionIndex.ts'
import { SECURITY_HEADERS, sendJsonError } from '../http/json.ts'
import type { UpstreamClient } from '../upstream/client.ts'
import { fetchListPage, filterableRow, type ApiRow } from '../upstream/listPage.ts'
import { UpstreamFailure } from '../upstream/request.ts'
import { CSV_BOM, CSV_HEADER, csvExecutionLine, csvLine } from './exportCsv.ts'
import { exportFileName, type ExportFormat, type ExportRequest } from './exportRequest.ts'
import { INDEX_EXPORT_PAGE, windowPage } from './exportWindow.ts'
import { exportLinks } from './exportLinks.ts'
import { DEFAULT_EXPORT_MAX_ROWS } from './exportLimits.ts'
import { ndjsonLine } from './ndjson.ts'
import type { LinkSettings } from '../../shared/linkTemplates.ts'

export const EXPORT_PAGE_SIZE = 100

export interface ExportSettings {
  client: UpstreamClient
  /** Pages a windowed export (the API has no time filter); without it such an export is refused. */
  index?: ExecutionIndex | null
  maxRows?: number
  /** Log link templates, for the link columns an export may ask for. */
  links?: LinkSettings
  /** Rows asked for per page: the largest page the API accepts, when the index has learned it. */
  pageSize?: () => number
  /** Every spelling the API uses for a state. */
  spell?: StateSpeller
  now?: () => Date
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  ndjson: 'application/x-ndjson; charset=utf-8',
}

/** The file's last line when it does not hold everything, in the file's own format. */
function markerLine(format: ExportFormat, report: WalkReport, unsureOfIndex: string | null): string | null {
  let unsure = unsureOfIndex
  const { stop, rows, excluded } = report
  // Walked to the end, but the API sent rows the filters exclude: what it sent cannot be trusted to be all.
  if (stop.kind === 'end' && excluded > 0)
    unsure = `${excluded} rows the API returned do not match the filters and were left out; the API may not apply these filters${unsure === null ? '' : `; ${unsure}`}`
  const unchecked = describeUnchecked(report)
  if (unsure !== null && unchecked !== null) unsure = `${unsure}; ${unchecked}`
  if (unsure !== null && stop.kind === 'end') {
    return format === 'csv'
      ? csvLine([`# export may be incomplete after ${rows} rows: ${unsure}`])
      : `${JSON.stringify({ export_incomplete: true, rows, reason: unsure })}\n`
  }
  const leftOut =
    (excluded > 0 ? `; ${excluded} rows the API returned do not match the filters and were left out` : '') +
    (unchecked === null ? '' : `; ${unchecked}`)
  if (stop.kind === 'row_cap') {
    return format === 'csv'
      ? csvLine([`# export cut at ${stop.cap} rows${leftOut}`])
      : `${JSON.stringify({ export_truncated: true, rows: stop.cap, ...(excluded > 0 ? { excluded } : {}) })}\n`
  }
  if (stop.kind === 'end') {
    if (unchecked === null) return null
    return format === 'csv'
      ? csvLine([`# export not checked against the filters: ${unchecked}`])
      : `${JSON.stringify({ export_unchecked: true, rows, reason: unchecked })}\n`
  }
  const reason = `${describeWalkStop(report)}${leftOut}`
  return format === 'csv'
    ? csvLine([`# export failed after ${rows} rows: ${reason}`])
    : `${JSON.stringify({ export_failed: true, rows, reason, ...(excluded > 0 ? { excluded } : {}) })}\n`
}

const write = writeAndDrain

function startFile(res: ServerResponse, request: ExportRequest, now: Date) {
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    'Content-Type': CONTENT_TYPES[request.format],
    'Content-Disposition': `attachment; filename="${exportFileName(request, now)}"`,
  })
}

/**
 * Streams every execution that matches the page's filters, paging the API (the next page is fetched
 * while this one is written) with the one walker and its stop rule. Rows that contradict the filters are
 * left out and the file says so; a file that does not hold everything says why in its last line.
 */
export async function streamExport(
  request: ExportRequest,
  res: ServerResponse,
  credentials: Credentials,
  settings: ExportSettings,
): Promise<{ status: number; detail: string }> {
  const windowed = request.window.kind !== 'any'
  const links = exportLinks(settings.links, request.links)
  if (windowed && !settings.index) {
    sendJsonError(
      res,
      503,
      'index_unavailable',
      'A time window needs the execution index, which is turned off on this server (DASHBOARD_INDEX=0).',
    )
    return { status: 503, detail: 'index_unavailable' }
  }
  const first = windowed ? INDEX_EXPORT_PAGE : (settings.pageSize?.() ?? EXPORT_PAGE_SIZE)
  const gone = new AbortController()
  res.once('close', () => gone.abort())
  let started = false
  /** Why a windowed file may not hold every execution of the window (the index's coverage), or null. */
  let unsure: string | null = null
  const begin = async () => {
    if (started) return
    started = true
    startFile(res, request, (settings.now ?? (() => new Date()))())
    if (request.format === 'csv')
      await write(res, CSV_BOM + csvLine([...CSV_HEADER, ...links.header]), gone.signal)
  }
  const report = await walkList<ApiRow>({
    first,
    maxRows: settings.maxRows ?? DEFAULT_EXPORT_MAX_ROWS,
    prefetch: true,
    signal: gone.signal,
    idOf: (row) => (typeof row.id === 'string' ? row.id : null),
    ...filterChecks(request, filterableRow),
    fetchPage: async (after) => {
      let page: WalkPage<ApiRow>
      if (windowed && settings.index) {
        const answer = await windowPage(settings.index, credentials, request, first, after)
        unsure = answer.unsure
        page = answer.page
      } else {
        const body = Buffer.from(JSON.stringify(buildListBody({ ...request, first, after }, settings.spell)))
        page = await fetchListPage(settings.client, {
          body,
          authorization: credentials.authorization,
          lane: 'user',
          signal: gone.signal,
        })
      }
      await begin()
      return page
    },
    onRows: async (rows) => {
      const text = rows.map((row) =>
        request.format === 'csv' ? csvExecutionLine(row, links.cells(row)) : ndjsonLine(links.withLinks(row)),
      )
      await write(res, text.join(''), gone.signal)
    },
  })
  if (report.stop.kind === 'aborted') return { status: 499, detail: `client_gone rows=${report.rows}` }
  if (!started && report.stop.kind === 'failed') {
    const failure = report.stop.error
    if (failure instanceof UpstreamFailure) sendJsonError(res, failure.status, failure.code, failure.message)
    else sendJsonError(res, 502, 'upstream_error', report.stop.message)
    return { status: res.statusCode, detail: `${report.stop.kind} rows=0` }
  }
  await begin()
  const marker = markerLine(request.format, report, unsure)
  if (marker !== null) await write(res, marker, gone.signal)
  res.end()
  const how = report.stop.kind === 'end' ? '' : `${report.stop.kind} `
  return { status: 200, detail: `${how}rows=${report.rows}` }
}
