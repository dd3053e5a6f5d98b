import type { RequestHandler } from 'express'
import { ApiError } from './errors.ts'

const CHALLENGE = { 'WWW-Authenticate': 'Bearer' }

export function requireBearerToken(token: string): RequestHandler {
  return (req, _res, next) => {
    const header = req.get('authorization')
    if (!header) throw new ApiError(401, 'Missing Authorization header; expected "Bearer <token>"', CHALLENGE)
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
    if (!match) throw new ApiError(401, 'Authorization header must be "Bearer <token>"', CHALLENGE)
    if (match[1] !== token) throw new ApiError(401, 'Invalid bearer token', CHALLENGE)
    next()
  }
}
