import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { forgetSessionData, sessionKeys, type Session } from '../../api'
import { useClientStore } from '../../lib/useClientStore'

/**
 * Sign-in and sign-out start a new session: the last one's answers and reschedules leave the caches and
 * its client state (the selection) goes back to its start, so nothing of one user reaches the next.
 * Preferences and saved views belong to the browser and stay.
 */
export function useSwitchSession(): (next: Session) => void {
  const client = useQueryClient()
  const store = useClientStore()
  return useCallback(
    (next: Session) => {
      forgetSessionData(client)
      store.resetSession()
      client.setQueryData(sessionKeys.all, next)
    },
    [client, store],
  )
}
