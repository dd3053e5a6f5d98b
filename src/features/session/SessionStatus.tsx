import '../../styles/session.css'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { sessionKeys, sessionQuery, signOut, useFirstScreenShown, whoamiQuery, type Session } from '../../api'
import { useAnnounce } from '../../components/Announcer'
import { useListFailure } from '../../components/listHealth'
import { useCommands } from '../../components/useCommands'
import { UpstreamLabel } from './UpstreamLabel'

/**
 * Who the server says the user is: only with credentials (before sign-in the server has no one to name, and would
 * say the session ended), and after the first screen's answer, as everything not on it.
 */
function useWhoAmI(session: Session | undefined) {
  const hasCredentials = session?.mode === 'server-token' || session?.signedIn === true
  const firstScreenShown = useFirstScreenShown()
  const who = useQuery({ ...whoamiQuery(), enabled: hasCredentials && firstScreenShown })
  return hasCredentials ? who.data : undefined
}

/** Which API the dashboard is connected to, and Sign out when a user signed in. */
export function SessionStatus() {
  const session = useQuery(sessionQuery())
  const who = useWhoAmI(session.data)
  const client = useQueryClient()
  const announce = useAnnounce()
  const [isSigningOut, setIsSigningOut] = useState(false)
  const failure = useListFailure()
  const leave = async () => {
    setIsSigningOut(true)
    // The form's chunk loads beside the sign-out call, not after it behind the page's other requests.
    void import('./SignInForm').catch(() => {})
    // The leaving session's reads are moot: stopped, they free the browser's few connections to this server for
    // the sign-out call and the form, however long the index keeps one of them.
    void client.cancelQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] })
    try {
      // The gate then shows sign-in and forgets the session's answers (useForgetWhenSignedOut).
      client.setQueryData(sessionKeys.all, await signOut())
      announce('Signed out')
    } catch (error) {
      const { describeApiError } = await import('../../components/describeApiError')
      announce(`Sign out failed: ${describeApiError(error).message}`, 'error')
    } finally {
      setIsSigningOut(false)
    }
  }
  const canSignOut = session.data?.mode === 'sign-in' && session.data.signedIn
  useCommands(() =>
    canSignOut
      ? [
          {
            id: 'session:sign-out',
            label: 'Sign out',
            group: 'Session',
            keywords: 'log out leave',
            run: () => void leave(),
          },
        ]
      : [],
  )
  // Empty but present, so its space is kept until the session answers (no layout shift).
  if (!session.data) return <div className="session-status" />
  const { mode, api, signedIn, demo } = session.data

  return (
    <div className="session-status">
      <UpstreamLabel />
      {demo ? (
        <span
          className="demo-badge"
          title="The built-in demo API: seeded, simulated executions, not a real deployment"
        >
          Demo data
        </span>
      ) : null}
      <span className="muted session-api" title={api}>
        {mode === 'sign-in' && !signedIn ? (
          <>
            <strong>Not signed in</strong> · <code className="mono">{api}</code>
          </>
        ) : failure?.unreachable ? (
          <>
            <strong className="session-down">API unreachable</strong> · <code className="mono">{api}</code>
          </>
        ) : failure?.tokenRefused ? (
          <>
            <strong className="session-down">Server token refused</strong> ·{' '}
            <code className="mono">{api}</code>
          </>
        ) : (
          <>
            Connected to <code className="mono">{api}</code>
            {mode === 'server-token' ? ' with the server’s token' : ''}
          </>
        )}
      </span>
      {who ? (
        <span className="muted session-user" title={`From the ${who.via}`}>
          You: <strong>{who.user}</strong>
          {who.role === 'viewer' ? ' (viewer)' : ''}
        </span>
      ) : null}
      {mode === 'sign-in' && signedIn ? (
        <button
          type="button"
          className="button button-small"
          onClick={() => void leave()}
          aria-disabled={isSigningOut}
        >
          Sign out
        </button>
      ) : null}
    </div>
  )
}
