import { useQuery, useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, type ReactNode } from 'react'
import { SESSION_ENDED_NOTICE, sessionKeys, sessionQuery, type Session } from '../../api'
import { ApiErrorPanel } from '../../components/ErrorViews'
import { useRefusedTokenNotice } from './useRefusedTokenNotice'
import { useForgetWhenSignedOut } from './useForgetWhenSignedOut'

// Only deployments without a server token show it: kept out of the first load of the others.
const SignInForm = lazy(async () => ({ default: (await import('./SignInForm')).SignInForm }))

/** Shows the dashboard once the server can reach the API: with its own token, or after sign-in. */
export function SessionGate({ children }: { children: ReactNode }) {
  const session = useQuery(sessionQuery())
  const client = useQueryClient()
  const [notice, clearNotice] = useRefusedTokenNotice()
  useForgetWhenSignedOut(session.data?.signedIn === false)

  if (session.isPending)
    return (
      <p className="muted" role="status">
        Connecting…
      </p>
    )
  if (session.isError) {
    return (
      <ApiErrorPanel
        title="The dashboard server did not answer"
        error={session.error}
        onRetry={() => void session.refetch()}
      />
    )
  }
  if (!session.data.signedIn) {
    const onSignedIn = (next: Session) => {
      clearNotice()
      client.setQueryData(sessionKeys.all, next)
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
