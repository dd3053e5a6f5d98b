import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { isApiError, REFUSED_TOKEN_CODES, SESSION_ENDED_NOTICE, sessionKeys, type Session } from '../../api'

function refusedMessage(error: unknown): string | null {
  if (!isApiError(error) || error.code === null) return null
  // Only a signed-in tab hears it: the server saw no cookie, which is what a browser sends once a session ended.
  if (error.code === 'not_signed_in') return SESSION_ENDED_NOTICE
  return (REFUSED_TOKEN_CODES as readonly string[]).includes(error.code) ? error.message : null
}

/**
 * Watches every read and write: when the API refuses the signed-in token, the session is marked
 * signed out (back to sign-in) and the server's message is kept to show there.
 */
export function useRefusedTokenNotice(): [string | null, () => void] {
  const queryClient = useQueryClient()
  const [notice, setNotice] = useState<string | null>(null)

  useEffect(() => {
    const signOutWith = (error: unknown) => {
      const message = refusedMessage(error)
      const session = queryClient.getQueryData<Session>(sessionKeys.all)
      // Only a signed-in session ends this way: after it, and on the sign-in form, a refusal is not news.
      if (message === null || session?.mode !== 'sign-in' || !session.signedIn) return
      setNotice(message)
      queryClient.setQueryData<Session>(sessionKeys.all, { ...session, signedIn: false })
    }
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') signOutWith(event.action.error)
    })
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') signOutWith(event.action.error)
    })
    return () => {
      unsubscribeQueries()
      unsubscribeMutations()
    }
  }, [queryClient])

  return [notice, () => setNotice(null)]
}
