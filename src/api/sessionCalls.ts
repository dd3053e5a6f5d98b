import { readSession, type Session } from './session'
import { callRoute } from './route'

/**
 * The token goes to the dashboard's server once; it answers with a sealed HttpOnly cookie. The name, if given,
 * is sealed with it and names the user in the audit trail (beside the token's mark).
 */
export function signIn(token: string, name = ''): Promise<Session> {
  const body = name.trim() === '' ? { token } : { token, name: name.trim() }
  return callRoute('signIn', { body, read: readSession })
}

export function signOut(): Promise<Session> {
  return callRoute('signOut', { read: readSession })
}
