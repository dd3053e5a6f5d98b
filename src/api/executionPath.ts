/**
 * The ids `.` and `..` cannot travel as path segments: browsers (and fetch) treat `.`, `..`, `%2E` and
 * `%2E%2E` alike and drop them before sending. They leave as `%2E%` and `%2E%2E%` instead: a bare `%` is
 * never produced by encodeURIComponent, so no other id can look the same; the dashboard's proxy turns them
 * into `%2E` and `%2E%2E` upstream.
 */
const DOT_ID_SEGMENTS: Record<string, string> = { '.': '%2E%', '..': '%2E%2E%' }

/** `/executions/<id>` with the id as one path segment that cannot walk. */
export function executionPath(id: string): string {
  return `/executions/${DOT_ID_SEGMENTS[id] ?? encodeURIComponent(id)}`
}
