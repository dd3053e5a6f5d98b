import { readSession, type Session } from './session'
import { apiRequest } from './transport'

/** The token goes to the dashboard's server once; it answers with a sealed HttpOnly cookie. */
export function signIn(token: string): Promise<Session> {
  return apiRequest({ method: 'POST', path: '/session', body: { token }, read: readSession })
}

export function signOut(): Promise<Session> {
  return apiRequest({ method: 'DELETE', path: '/session', read: readSession })
}
