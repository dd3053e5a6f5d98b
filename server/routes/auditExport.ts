import { writeAndDrain } from '../http/eventStream.ts'
import type { ServerResponse } from 'node:http'
import { CSV_BOM, csvLine } from '../../shared/csv.ts'
import type { AuditQuery, AuditRecord, AuditTrail } from '../audit/trail.ts'
import { SECURITY_HEADERS } from '../http/json.ts'
import { ndjsonLine } from './ndjson.ts'

const PAGE = 500
const COLUMNS = [
  'at',
  'user',
  'via',
  'upstream',
  'execution_id',
  'request_body',
  'outcome',
  'status',
  'result_state',
  'detail',
  'bulk_run',
  'request_id',
  'completed_at',
] as const

const iso = (at: number | null) => (at === null ? '' : new Date(at).toISOString())

function csvRecord(record: AuditRecord): string {
  return csvLine([
    iso(record.at),
    record.user,
    record.via,
    record.upstream,
    record.executionId,
    record.requestBody,
    record.outcome,
    record.status === null ? '' : String(record.status),
    record.resultState ?? '',
    record.detail ?? '',
    record.bulkRun ?? '',
    record.requestId,
    iso(record.completedAt),
  ])
}

/**
 * Every record of the trail that matches, newest first, as CSV (spreadsheet-safe cells, as the executions export)
 * or NDJSON, paged from the store and written as the socket takes it. Past `maxRows` the file ends with a line that
 * says it was cut. Returns the rows written.
 */
export async function streamAuditExport(
  res: ServerResponse,
  trail: AuditTrail,
  query: AuditQuery,
  options: { format: 'csv' | 'ndjson'; maxRows: number; now?: Date },
): Promise<number> {
  const stamp = (options.now ?? new Date()).toISOString().slice(0, 16).replace(':', '')
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    'Content-Type':
      options.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
    'Content-Disposition': `attachment; filename="audit-${stamp}Z.${options.format}"`,
  })
  const gone = new AbortController()
  res.once('close', () => gone.abort())
  const write = (text: string) => writeAndDrain(res, text, gone.signal)
  let rows = 0
  try {
    if (options.format === 'csv') await write(CSV_BOM + csvLine([...COLUMNS]))
    for (let after: string | null = null; ;) {
      const page = await trail.list({ ...query, first: PAGE, after })
      const records = page.records.slice(0, options.maxRows - rows)
      await write(
        records.map((record) => (options.format === 'csv' ? csvRecord(record) : ndjsonLine(record))).join(''),
      )
      rows += records.length
      if (rows >= options.maxRows && (page.hasNext || records.length < page.records.length)) {
        await write(
          options.format === 'csv'
            ? csvLine([`# export cut at ${options.maxRows} rows`])
            : `${JSON.stringify({ export_truncated: true, rows: options.maxRows })}\n`,
        )
        break
      }
      if (!page.hasNext || page.endCursor === null) break
      after = page.endCursor
    }
    res.end()
    return rows
  } catch (error) {
    if (gone.signal.aborted) return rows
    // The file has begun: its last line says where and why it stops, as the executions export's does.
    const reason = error instanceof Error ? error.message : String(error)
    res.end(
      options.format === 'csv'
        ? csvLine([`# export failed after ${rows} rows: ${reason}`])
        : `${JSON.stringify({ export_failed: true, rows, reason })}\n`,
    )
    return rows
  }
}
