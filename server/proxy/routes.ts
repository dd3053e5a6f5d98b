export type OperationName = 'list_executions' | 'list_attempts' | 'reschedule'

export interface MatchedOperation {
  operation: OperationName
  method: 'GET' | 'PATCH'
  /** Path relative to the upstream base URL, with the id re-encoded as one segment. */
  path: string
}

/**
 * Decodes one path segment and re-encodes it, so that `%2F` stays inside the segment and `..` never walks.
 * The ids `.` and `..` are real ids when they arrive encoded (`%2E`, `%2E%2E`); they go upstream encoded the
 * same way, never as literal dot segments. Literal `.`/`..` segments are refused.
 */
/** How the dashboard's browser code sends the ids `.` and `..`, which browsers would otherwise drop. */
const DOT_ID_MARKERS: Record<string, string> = { '%2E%': '%2E', '%2E%2E%': '%2E%2E' }

function canonicalSegment(raw: string): string | null {
  if (raw === '' || raw === '.' || raw === '..') return null
  const dotId = DOT_ID_MARKERS[raw.toUpperCase()]
  if (dotId) return dotId
  let decoded: string
  try {
    decoded = decodeURIComponent(raw)
  } catch {
    return null
  }
  if (decoded === '') return null
  if (decoded === '.' || decoded === '..') return decoded.replaceAll('.', '%2E')
  return encodeURIComponent(decoded)
}

/**
 * The allow-list: only the spec's three operations, matched on method and exact path shape.
 * `pathname` is the raw (still percent-encoded) path after the `/api` prefix.
 */
export function matchOperation(method: string, pathname: string): MatchedOperation | null {
  const segments = pathname.split('/')
  if (segments[0] !== '' || segments[1] !== 'executions') return null
  if (segments.length === 2) {
    return method === 'GET' ? { operation: 'list_executions', method: 'GET', path: '/executions' } : null
  }
  if (segments.length !== 4) return null
  const id = canonicalSegment(segments[2] ?? '')
  if (id === null) return null
  const action = segments[3]
  if (action === 'attempts' && method === 'GET') {
    return { operation: 'list_attempts', method: 'GET', path: `/executions/${id}/attempts` }
  }
  if (action === 'schedule' && method === 'PATCH') {
    return { operation: 'reschedule', method: 'PATCH', path: `/executions/${id}/schedule` }
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
