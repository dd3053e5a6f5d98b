import { isApiError } from '../api'
import { useNow } from '../lib/useNow'

interface RetryNoticeProps {
  /** The last failure of a read that is still being retried. */
  failureReason: unknown
  failureCount: number
  isFetching: boolean
}

/** Says that a read is waiting to retry: "Rate limited; retrying in N s" for 429 with Retry-After. */
export function RetryNotice({ failureReason, failureCount, isFetching }: RetryNoticeProps) {
  const now = useNow(500)
  if (!isFetching || failureCount === 0 || !isApiError(failureReason)) return null
  const { status, retryAfterSeconds, occurredAt } = failureReason
  const secondsLeft = Math.max(0, Math.ceil((occurredAt + (retryAfterSeconds ?? 0) * 1000 - now) / 1000))
  const text =
    status === 429
      ? `Rate limited; retrying in ${secondsLeft} s`
      : `The request failed${status ? ` (HTTP ${status})` : ''}; retrying (attempt ${failureCount + 1})…`
  return (
    <p className="retry-notice" role="status">
      {text}
    </p>
  )
}
