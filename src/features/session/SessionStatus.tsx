import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { attemptKeys, executionKeys, sessionKeys, sessionQuery, signOut } from '../../api'
import { useAnnounce } from '../../components/Announcer'
import { describeApiError } from '../../components/describeApiError'

/** Which API the dashboard is connected to, and Sign out when a user signed in. */
export function SessionStatus() {
  const queryClient = useQueryClient()
  const session = useQuery(sessionQuery())
  const announce = useAnnounce()
  const [isSigningOut, setIsSigningOut] = useState(false)
  // Empty but present, so its space is kept until the session answers (no layout shift).
  if (!session.data) return <div className="session-status" />
  const { mode, api, signedIn, demo } = session.data

  const leave = async () => {
    setIsSigningOut(true)
    try {
      const next = await signOut()
      queryClient.removeQueries({ queryKey: executionKeys.all })
      queryClient.removeQueries({ queryKey: attemptKeys.all })
      queryClient.setQueryData(sessionKeys.all, next)
      announce('Signed out')
    } catch (error) {
      announce(`Sign out failed: ${describeApiError(error).message}`, 'error')
    } finally {
      setIsSigningOut(false)
    }
  }

  return (
    <div className="session-status">
      {demo ? (
        <span
          className="demo-badge"
          title="The built-in demo API: seeded, simulated executions, not a real deployment"
        >
          Demo data
        </span>
      ) : null}
      <span className="muted session-api" title={api}>
        Connected to <code className="mono">{api}</code>
        {mode === 'server-token' ? ' with the server’s token' : ''}
      </span>
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
