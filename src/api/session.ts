import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { apiRequest } from './transport'

/** How the dashboard's server reaches the API: with its own token, or with the one a user signs in with. */
export const sessionSchema = z.looseObject({
  mode: z.enum(['server-token', 'sign-in']),
  /** Scheme, host and path of the API; never credentials. */
  api: z.string(),
  signedIn: z.boolean(),
  /** The upstream is the dashboard's built-in demo API. */
  demo: z.optional(z.boolean()),
  /** The browser's session cookie no longer opens (expired, signed with a retired key, tampered). */
  sessionEnded: z.optional(z.boolean()),
})
export type Session = z.infer<typeof sessionSchema>

export const sessionKeys = { all: ['session'] as const }

export function sessionQuery() {
  return queryOptions({
    queryKey: sessionKeys.all,
    queryFn: ({ signal }) => apiRequest({ method: 'GET', path: '/session', schema: sessionSchema, signal }),
    staleTime: Infinity,
  })
}

/** The token goes to the dashboard's server once; it answers with a sealed HttpOnly cookie. */
export function signIn(token: string): Promise<Session> {
  return apiRequest({ method: 'POST', path: '/session', body: { token }, schema: sessionSchema })
}

export function signOut(): Promise<Session> {
  return apiRequest({ method: 'DELETE', path: '/session', schema: sessionSchema })
}

/** Error codes of the dashboard's server meaning "the token it used was refused". */
export { REFUSED_TOKEN_CODES } from '../shared/errorCodes'

/** What the sign-in form says when a session ended without the user signing out. */
export const SESSION_ENDED_NOTICE = 'Your session has ended; sign in again.'
