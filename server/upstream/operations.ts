export type OperationName = 'list_executions' | 'list_attempts' | 'reschedule'

export interface MatchedOperation {
  operation: OperationName
  method: 'GET' | 'PATCH'
  /** Path relative to the upstream base URL, with the id re-encoded as one segment. */
  path: string
  /** The execution an attempts list or a reschedule is about, decoded. */
  executionId?: string
}

export const LIST_EXECUTIONS: MatchedOperation = {
  operation: 'list_executions',
  method: 'GET',
  path: '/executions',
}

/** How the dashboard's browser code sends the ids `.` and `..`, which browsers would otherwise drop. */
const DOT_ID_MARKERS = new Set(['%2E%', '%2E%2E%'])

/** An id that cannot travel as a path segment: `.` and `..`, which any normalising parser resolves as walks. */
export const NOT_ADDRESSABLE = Symbol('not addressable')

/**
 * Decodes one path segment and re-encodes it, so that `%2F` stays inside the segment and `..` never walks.
 * The ids `.` and `..` are refused: RFC 3986 makes `%2E` and `%2E%2E` equal to the dot segments, so an API
 * behind a normalising parser would resolve `/executions/%2E%2E/schedule` to `/schedule`.
 */
function canonicalSegment(raw: string): string | null | typeof NOT_ADDRESSABLE {
  if (raw === '' || raw === '.' || raw === '..') return null
  if (DOT_ID_MARKERS.has(raw.toUpperCase())) return NOT_ADDRESSABLE
  let decoded: string
  try {
    decoded = decodeURIComponent(raw)
  } catch {
    return null
  }
  if (decoded === '') return null
  if (decoded === '.' || decoded === '..') return NOT_ADDRESSABLE
  return encodeURIComponent(decoded)
}

/**
 * The allow-list: only the spec's three operations, matched on method and exact path shape.
 * `pathname` is the raw (still percent-encoded) path after the `/api` prefix.
 */
export function matchOperation(
  method: string,
  pathname: string,
): MatchedOperation | typeof NOT_ADDRESSABLE | null {
  const segments = pathname.split('/')
  if (segments[0] !== '' || segments[1] !== 'executions') return null
  if (segments.length === 2) {
    return method === 'GET' ? { operation: 'list_executions', method: 'GET', path: '/executions' } : null
  }
  if (segments.length !== 4) return null
  const id = canonicalSegment(segments[2] ?? '')
  const action = segments[3]
  if (id === null || (action !== 'attempts' && action !== 'schedule')) return null
  if (id === NOT_ADDRESSABLE) return NOT_ADDRESSABLE
  if (action === 'attempts' && method === 'GET') {
    const executionId = decodeURIComponent(id)
    return { operation: 'list_attempts', method: 'GET', path: `/executions/${id}/attempts`, executionId }
  }
  if (action === 'schedule' && method === 'PATCH') {
    const executionId = decodeURIComponent(id)
    return { operation: 'reschedule', method: 'PATCH', path: `/executions/${id}/schedule`, executionId }
  }
  return null
}

/** The browser sends list calls as POST + X-HTTP-Method-Override: GET; only that override is honoured. */
export function effectiveMethod(method: string | undefined, override: string | string[] | undefined): string {
  const requested = (method ?? 'GET').toUpperCase()
  const overrideValue = typeof override === 'string' ? override.trim().toUpperCase() : ''
  if (requested === 'POST' && overrideValue === 'GET') return 'GET'
  if (requested === 'POST') return 'POST'
  return requested
}
