import { describeApiError } from './describeApiError'
import { ErrorPanel, type ErrorPanelProps } from './ErrorPanel'

/** An error panel for a failed call: the error in words (describeApiError), with its status for operators. */
export function ApiErrorPanel({
  error,
  withDetail = true,
  ...panel
}: Omit<ErrorPanelProps, 'message' | 'detail'> & { error: unknown; withDetail?: boolean }) {
  const { message, detail } = describeApiError(error)
  return <ErrorPanel {...panel} message={message} detail={withDetail ? detail : null} />
}
