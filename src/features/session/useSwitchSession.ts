import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect } from 'react'
import { forgetSessionData, sessionKeys, type Session } from '../../api'
import { useClientStore } from '../../lib/useClientStore'

/** Sign-in and sign-out: the session the server answered becomes the page's. */
export function useSwitchSession(): (next: Session) => void {
  const client = useQueryClient()
  return useCallback((next: Session) => client.setQueryData(sessionKeys.all, next), [client])
}

/**
 * However a session ends (signed out, or refused), its answers and reschedules leave the caches and its client
 * state (the selection) goes back to its start, so nothing of one user reaches the next. Preferences and saved
 * views belong to the browser and stay. This runs once the gate shows sign-in, after the dashboard unmounted:
 * forgetting while it is mounted makes every view ask again as the signed-out user, whose refusals would read as
 * "your session has ended".
 */
export function useForgetWhenSignedOut(signedOut: boolean): void {
  const client = useQueryClient()
  const store = useClientStore()
  useEffect(() => {
    if (!signedOut) return
    forgetSessionData(client)
    store.resetSession()
  }, [signedOut, client, store])
}
