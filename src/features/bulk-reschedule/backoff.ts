import { isApiError } from '../../api'

const MAX_WAIT_MS = 60_000

/** Retry-After when the API sent one (capped at a minute), else 1, 2, 4, 8 … s, capped at 30 s. */
export function backoffDelay(step: number, error: unknown): number {
  if (isApiError(error) && error.retryAfterSeconds !== null) {
    return Math.min(error.retryAfterSeconds * 1000, MAX_WAIT_MS)
  }
  return Math.min(1000 * 2 ** Math.max(0, step), 30_000)
}
