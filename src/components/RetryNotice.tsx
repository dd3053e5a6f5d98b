import '../styles/retryNotice.css'
import type { ApiError } from '../api'
import { readRetryDelay } from '../api/retryPolicy'
import { useNow } from '../lib/useNow'
import { retryWords } from './retryWords'

/** The countdown ticks only while a retry is pending, not beside every list that is fine. */
export function RetryCountdown({ failure, failureCount }: { failure: ApiError; failureCount: number }) {
  const now = useNow(500)
  const { status, occurredAt } = failure
  // The same delay the query client waits, so the countdown ends when the retry goes out.
  const retryAt = occurredAt + readRetryDelay(failureCount - 1, failure)
  const secondsLeft = Math.max(0, Math.ceil((retryAt - now) / 1000))
  return (
    <p className="retry-notice" role="status">
      {retryWords(status, failureCount, secondsLeft)}
    </p>
  )
}
