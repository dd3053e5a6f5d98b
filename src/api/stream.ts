import { apiBase, DEFAULT_TIMEOUT_MS, failureOf, httpError, parseBody } from './transport'

/**
 * A download that streams (an export): the timeout covers only the wait for the answer to start, and a
 * refusal throws the same ApiError as every other call. The caller reads `body` and may abort through `signal`.
 */
export async function apiStream(
  path: string,
  signal: AbortSignal,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<Response> {
  signal.throwIfAborted()
  const timeout = new AbortController()
  const timer = setTimeout(() => timeout.abort(), timeoutMs)
  let response: Response
  try {
    response = await fetch(`${apiBase()}${path}`, {
      signal: AbortSignal.any([signal, timeout.signal]),
      credentials: 'same-origin',
    })
  } catch (error) {
    throw failureOf(error, signal, timeout.signal, timeoutMs)
  } finally {
    clearTimeout(timer)
  }
  if (!response.ok) {
    throw httpError(response, parseBody(await response.text(), response.headers.get('content-type')))
  }
  return response
}
