import type { ComponentProps } from 'react'
import { isApiError } from '../api'
import { lazyModule } from '../lib/lazyPart'
import type { ApiErrorPanel as WordedPanel } from './ApiErrorPanel'
import { ErrorPanel } from './ErrorPanel'
import { retryWords } from './retryWords'
import type { RetryCountdown as CountdownPart } from './RetryNotice'

// Only a failed or retried call shows these: their words load then.
const useErrorWords = lazyModule(() => import('./errorWords'))

/** A failed call's panel; until its words load it shows the error's own message. */
export function ApiErrorPanel(props: ComponentProps<typeof WordedPanel>) {
  const words = useErrorWords()
  if (words) return <words.ApiErrorPanel {...props} />
  const { error, withDetail: _withDetail, ...panel } = props
  const message = error instanceof Error ? error.message : String(error)
  return <ErrorPanel {...panel} message={message} />
}

interface RetryNoticeProps {
  /** The last failure of a read that is still being retried. */
  failureReason: unknown
  failureCount: number
  isFetching: boolean
}

/** Says that a read is waiting to retry: "Rate limited; retrying in N s" for 429 with Retry-After. */
export function RetryNotice({ failureReason, failureCount, isFetching }: RetryNoticeProps) {
  if (!isFetching || failureCount === 0 || !isApiError(failureReason)) return null
  return <RetryCountdown failure={failureReason} failureCount={failureCount} />
}

function RetryCountdown(props: ComponentProps<typeof CountdownPart>) {
  const words = useErrorWords()
  if (words) return <words.RetryCountdown {...props} />
  // Said while the countdown's part loads: on a busy machine that took longer than the retry's own wait.
  return (
    <p className="retry-notice" role="status">
      {retryWords(props.failure.status, props.failureCount, null)}
    </p>
  )
}
