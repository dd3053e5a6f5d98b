import { useQuery, useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, type ReactNode } from 'react'
import {
  attemptKeys,
  executionKeys,
  SESSION_ENDED_NOTICE,
  sessionKeys,
  sessionQuery,
  type Session,
} from '../../api'
import { describeApiError } from '../../components/describeApiError'
import { ErrorPanel } from '../../components/ErrorPanel'
import { useRefusedTokenNotice } from './useRefusedTokenNotice'

// Only deployments without a server token show it: kept out of the first load of the others.
const SignInForm = lazy(async () => ({ default: (await import('./SignInForm')).SignInForm }))

/** Shows the dashboard once the server can reach the API: with its own token, or after sign-in. */
export function SessionGate({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const session = useQuery(sessionQuery())
  const [notice, clearNotice] = useRefusedTokenNotice()

  if (session.isPending)
    return (
      <p className="muted" role="status">
        Connecting…
      </p>
    )
  if (session.isError) {
    const { message, detail } = describeApiError(session.error)
    return (
      <ErrorPanel
        title="The dashboard server did not answer"
        message={message}
        detail={detail}
        onRetry={() => void session.refetch()}
      />
    )
  }
  if (!session.data.signedIn) {
    const onSignedIn = (next: Session) => {
      clearNotice()
      queryClient.removeQueries({ queryKey: executionKeys.all })
      queryClient.removeQueries({ queryKey: attemptKeys.all })
      queryClient.setQueryData(sessionKeys.all, next)
    }
    const shown = notice ?? (session.data.sessionEnded ? SESSION_ENDED_NOTICE : null)
    return (
      <Suspense fallback={<p className="muted">Loading the sign-in form…</p>}>
        <SignInForm api={session.data.api} notice={shown} onSignedIn={onSignedIn} />
      </Suspense>
    )
  }
  return children
}
