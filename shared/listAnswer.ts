import { isRecord, notRead, type ReadProblem, type ReadResult } from './readResult.ts'
import { normaliseTimestamp } from './timestamps.ts'

/*
 * Reading a list answer of the API, for the browser (the list, the attempts, the walkers) and the server
 * alike: the envelope must hold an array of rows (or null on an empty page); every row is read on its own,
 * so one bad row is reported with its fields instead of failing the page. Fields the spec does not list are
 * kept as they came.
 */
/** page_info as real APIs send it: every member may be missing or null. */
export interface PageInfo {
  has_next_page?: boolean | null
  has_prev_page?: boolean | null
  start_cursor?: string | null
  end_cursor?: string | null
  [field: string]: unknown
}

export interface ListEnvelope {
  data: unknown[] | null
  page_info?: PageInfo | null
  [field: string]: unknown
}

/** An execution or an attempt: the spec gives both these fields; timestamps come normalised. */
export interface StateResource {
  id: string
  state: string
  created_at: string
  updated_at: string
  [field: string]: unknown
}

export const TIMESTAMP_PROBLEM = 'not an RFC 3339 timestamp (a date and time with Z or an offset)'

const kindOf = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : value === undefined ? 'nothing' : typeof value

const expected = (what: string, value: unknown) => `expected ${what}, got ${kindOf(value)}`

const PAGE_INFO_FIELDS = {
  has_next_page: 'boolean',
  has_prev_page: 'boolean',
  start_cursor: 'string',
  end_cursor: 'string',
} as const

function readPageInfo(value: unknown, problems: ReadProblem[]): PageInfo | null | undefined {
  if (value === undefined || value === null) return value
  if (!isRecord(value)) {
    problems.push({ path: 'page_info', message: expected('an object', value) })
    return undefined
  }
  for (const [field, type] of Object.entries(PAGE_INFO_FIELDS)) {
    const member = value[field]
    if (member !== undefined && member !== null && typeof member !== type)
      problems.push({ path: `page_info.${field}`, message: expected(`a ${type}`, member) })
  }
  return value
}

/** The envelope of a list answer: only a missing or non-array `data` (or odd paging) makes it unusable. */
export function readListEnvelope(body: unknown): ReadResult<ListEnvelope> {
  if (!isRecord(body)) return notRead(expected('an object', body))
  const problems: ReadProblem[] = []
  const data = body['data']
  if (data !== null && !Array.isArray(data))
    problems.push({ path: 'data', message: expected('an array of rows (or null)', data) })
  const pageInfo = readPageInfo(body['page_info'], problems)
  if (problems.length > 0) return { ok: false, problems }
  return { ok: true, value: { ...body, data: data as unknown[] | null, page_info: pageInfo } }
}

/** One execution or attempt: every problem of the row, not just the first. */
export function readStateResource(item: unknown): ReadResult<StateResource> {
  if (!isRecord(item)) return notRead(expected('an object', item))
  const problems: ReadProblem[] = []
  for (const field of ['id', 'state'] as const) {
    if (typeof item[field] !== 'string')
      problems.push({ path: field, message: expected('a string', item[field]) })
  }
  const times: Record<string, string> = {}
  for (const field of ['created_at', 'updated_at'] as const) {
    const normalised = normaliseTimestamp(item[field])
    if (normalised === null) problems.push({ path: field, message: TIMESTAMP_PROBLEM })
    else times[field] = normalised
  }
  if (problems.length > 0) return { ok: false, problems }
  return { ok: true, value: { ...item, ...times } as StateResource }
}

/** The id of a row that could not be read, when it has one worth showing. */
export function rowIdOf(item: unknown): string | null {
  if (!isRecord(item)) return null
  const id = item['id']
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null
}

/** `created_at: not an RFC 3339 timestamp …`; a problem of the whole value has no path in front. */
export function describeProblem(problem: ReadProblem): string {
  return problem.path === '' ? problem.message : `${problem.path}: ${problem.message}`
}
