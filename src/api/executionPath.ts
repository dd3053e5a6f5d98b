/**
 * `/executions/<id>` with the id as one path segment that cannot walk: besides percent-encoding, `.` and `..`
 * become `%2E` and `%2E%2E`, which URL normalisation (in the browser, the proxy or the API) leaves alone.
 */
export function executionPath(id: string): string {
  const segment = id === '.' || id === '..' ? id.replaceAll('.', '%2E') : encodeURIComponent(id)
  return `/executions/${segment}`
}
