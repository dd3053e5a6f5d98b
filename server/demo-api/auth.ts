import type { IncomingMessage } from 'node:http'
import { ApiError } from './errors.ts'

const CHALLENGE = { 'WWW-Authenticate': 'Bearer' }

/** Throws the 401 (with its Bearer challenge) unless the request carries `Bearer <token>`. */
export function requireBearerToken(req: IncomingMessage, token: string): void {
  const header = req.headers.authorization
  if (!header) throw new ApiError(401, 'Missing Authorization header; expected "Bearer <token>"', CHALLENGE)
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  if (!match) throw new ApiError(401, 'Authorization header must be "Bearer <token>"', CHALLENGE)
  if (match[1] !== token) throw new ApiError(401, 'Invalid bearer token', CHALLENGE)
}
