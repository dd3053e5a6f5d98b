import type { IncomingMessage } from 'node:http'
import express from 'express'
import type { Request, RequestHandler, Response } from 'express'
import { ApiError, toApiError } from './errors.ts'

const BODY_LIMIT = '1mb'

export function isJsonContentType(req: IncomingMessage): boolean {
  const mediaType = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase()
  return mediaType === 'application/json'
}

// express.json() reads bodies on any method, GET included. Non-JSON bodies are read raw only to
// tell an empty body (fine) from a real one (415).
const parseJson = express.json({ type: isJsonContentType, limit: BODY_LIMIT })
const readOtherBody = express.raw({ type: (req) => !isJsonContentType(req), limit: BODY_LIMIT })

function run(middleware: RequestHandler, req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    void middleware(req, res, (error?: unknown) => (error ? reject(toApiError(error)) : resolve()))
  })
}

/** The parsed JSON body, or undefined when the request has none. */
export async function readJsonBody(req: Request, res: Response): Promise<unknown> {
  if (isJsonContentType(req)) {
    await run(parseJson, req, res)
    return req.body
  }
  await run(readOtherBody, req, res)
  const body: unknown = req.body
  if (Buffer.isBuffer(body) && body.length > 0) {
    const contentType = req.headers['content-type'] ?? 'none'
    throw new ApiError(415, `Request bodies must be application/json (got Content-Type: ${contentType})`)
  }
  return undefined
}
