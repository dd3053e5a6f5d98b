import { lazy, Suspense, type ComponentProps } from 'react'
import { isApiError } from '../api'
import { lazyPart } from '../lib/lazyPart'
import { ErrorPanel } from './ErrorPanel'

// Only a failed or retried call shows these: their words (every error code the dashboard knows) load then.
const LazyApiErrorPanel = lazy(async () => ({ default: (await import('./ApiErrorPanel')).ApiErrorPanel }))
const RetryCountdown = lazyPart(() => import('./RetryNotice'), 'RetryCountdown')

/** A failed call's panel; until its words load it shows the error's own message. */
export function ApiErrorPanel(props: ComponentProps<typeof LazyApiErrorPanel>) {
  const { error, withDetail: _withDetail, ...panel } = props
  const message = error instanceof Error ? error.message : String(error)
  return (
    <Suspense fallback={<ErrorPanel {...panel} message={message} />}>
      <LazyApiErrorPanel {...props} />
    </Suspense>
  )
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
