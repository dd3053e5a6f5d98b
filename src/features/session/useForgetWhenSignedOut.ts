import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { forgetSessionData } from '../../api'
import { useClientStore } from '../../lib/useClientStore'

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
