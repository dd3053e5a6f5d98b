import { readSession, type Session } from './session'
import { apiRequest } from './transport'

/**
 * The token goes to the dashboard's server once; it answers with a sealed HttpOnly cookie. The name, if given,
 * is sealed with it and names the user in the audit trail (beside the token's mark).
 */
export function signIn(token: string, name = ''): Promise<Session> {
  const body = name.trim() === '' ? { token } : { token, name: name.trim() }
  return apiRequest({ method: 'POST', path: '/session', body, read: readSession })
}

export function signOut(): Promise<Session> {
  return apiRequest({ method: 'DELETE', path: '/session', read: readSession })
}
