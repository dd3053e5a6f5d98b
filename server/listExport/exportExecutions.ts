import type { IncomingMessage, ServerResponse } from 'node:http'
import { once } from 'node:events'
import { SECURITY_HEADERS, sendJsonError } from '../proxy/httpHelpers.ts'
import type { UpstreamConfig } from '../proxy/upstreamConfig.ts'
import { CSV_BOM, CSV_HEADER, csvExecutionLine, csvLine } from './csv.ts'
import { exportFileName, listBody, parseExportRequest, type ExportFormat } from './exportRequest.ts'
import { fetchListPage, PageFailure } from './upstreamPage.ts'

export const DEFAULT_EXPORT_MAX_ROWS = 100_000
export const EXPORT_PAGE_SIZE = 100

export interface ExportSettings {
  upstream: UpstreamConfig
  maxRows?: number
  pageSize?: number
  now?: () => Date
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  ndjson: 'application/x-ndjson; charset=utf-8',
}

function markerLine(
  format: ExportFormat,
  ending: { cutAt: number } | { failedAfter: number; reason: string },
) {
  if ('cutAt' in ending) {
    return format === 'csv'
      ? csvLine([`# export cut at ${ending.cutAt} rows`])
      : `${JSON.stringify({ export_truncated: true, rows: ending.cutAt })}\n`
  }
  return format === 'csv'
    ? csvLine([`# export failed after ${ending.failedAfter} rows: ${ending.reason}`])
    : `${JSON.stringify({ export_failed: true, rows: ending.failedAfter, reason: ending.reason })}\n`
}

/** Writes and waits for the socket to take it, so memory stays flat whatever the row count. */
async function write(res: ServerResponse, text: string, signal: AbortSignal): Promise<void> {
  if (!res.write(text)) await once(res, 'drain', { signal })
}

/**
 * Streams every execution that matches the page's filters, paging the API as the browser reads. Returns
 * the status and the row count for the request log. The upstream paging stops as soon as the browser goes.
 */
export async function streamExport(
  req: IncomingMessage,
  res: ServerResponse,
  authorization: string | null,
  settings: ExportSettings,
): Promise<{ status: number; detail: string }> {
  const request = parseExportRequest((req.url ?? '').split('?')[1] ?? '')
  if (typeof request === 'string') {
    sendJsonError(res, 400, 'bad_request', request)
    return { status: 400, detail: 'bad_request' }
  }
  const maxRows = settings.maxRows ?? DEFAULT_EXPORT_MAX_ROWS
  const pageSize = settings.pageSize ?? EXPORT_PAGE_SIZE
  const gone = new AbortController()
  res.once('close', () => gone.abort())
  const cursors = new Set<string>()
  let after: string | null = null
  let rows = 0
  let started = false
  const fail = async (failure: PageFailure) => {
    if (!started) {
      sendJsonError(
        res,
        failure.status >= 400 && failure.status < 600 ? failure.status : 502,
        failure.code,
        failure.message,
      )
      return { status: failure.status, detail: `${failure.code} rows=0` }
    }
    await write(res, markerLine(request.format, { failedAfter: rows, reason: failure.message }), gone.signal)
    res.end()
    return { status: 200, detail: `failed rows=${rows}` }
  }
  try {
    for (;;) {
      const page = await fetchListPage(
        settings.upstream,
        listBody(request, pageSize, after),
        authorization,
        gone.signal,
      )
      if (!started) {
        started = true
        res.writeHead(200, {
          ...SECURITY_HEADERS,
          'Content-Type': CONTENT_TYPES[request.format],
          'Content-Disposition': `attachment; filename="${exportFileName(request, (settings.now ?? (() => new Date()))())}"`,
        })
        if (request.format === 'csv') await write(res, CSV_BOM + csvLine(CSV_HEADER), gone.signal)
      }
      for (const execution of page.data) {
        if (rows >= maxRows) {
          await write(res, markerLine(request.format, { cutAt: maxRows }), gone.signal)
          res.end()
          return { status: 200, detail: `cut rows=${rows}` }
        }
        await write(
          res,
          request.format === 'csv' ? csvExecutionLine(execution) : `${JSON.stringify(execution)}\n`,
          gone.signal,
        )
        rows += 1
      }
      if (!page.hasNext || page.endCursor === null) break
      if (cursors.has(page.endCursor) || page.endCursor === after) {
        return await fail(
          new PageFailure(
            502,
            'upstream_repeats_pages',
            'the API ignored page.after and sent a page it had already sent',
          ),
        )
      }
      cursors.add(page.endCursor)
      after = page.endCursor
    }
    res.end()
    return { status: 200, detail: `rows=${rows}` }
  } catch (error) {
    if (gone.signal.aborted) return { status: 499, detail: `client_gone rows=${rows}` }
    if (error instanceof PageFailure) return await fail(error)
    throw error
  }
}
