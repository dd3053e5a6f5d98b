import type { RequestHandler } from 'express'
import type { DemoContext } from './context.ts'
import { ApiError, methodNotAllowed } from './errors.ts'
import { applyFault, corruptResponse, selectFault } from './faults.ts'
import { listAttempts, listExecutions, reschedule } from './operations.ts'
import type { Operation } from './operations.ts'
import { rescheduleAnswer, respellAnswer, unspellRequest } from './readings.ts'
import { readJsonBody } from './requestBody.ts'

interface ApiRoute {
  operation: Operation
  method: 'GET' | 'PATCH'
  executionId?: string
}

const ID_ROUTES = {
  attempts: { operation: 'list_attempts', method: 'GET' },
  schedule: { operation: 'reschedule', method: 'PATCH' },
} as const

function decodeId(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    throw new ApiError(400, `execution-id: invalid percent-encoding in "${segment}"`)
  }
}

/**
 * Matches the raw (still percent-encoded) path, so an id's `%2F` stays inside its segment, and
 * decodes the id exactly once. Undefined: not under the base path; null: unknown path under it.
 */
export function matchApiRoute(rawPath: string, basePath: string): ApiRoute | null | undefined {
  if (rawPath !== basePath && !rawPath.startsWith(`${basePath}/`)) return undefined
  const [resource, idSegment, action, ...extra] = rawPath.slice(basePath.length + 1).split('/')
  if (resource !== 'executions') return null
  if (idSegment === undefined) return { operation: 'list_executions', method: 'GET' }
  if (idSegment === '' || extra.length > 0 || (action !== 'attempts' && action !== 'schedule')) return null
  return { ...ID_ROUTES[action], executionId: decodeId(idSegment) }
}

function runOperation(context: DemoContext, route: ApiRoute, body: unknown): { data: unknown } {
  const id = route.executionId ?? ''
  switch (route.operation) {
    case 'list_executions':
      return listExecutions(context.store, body)
    case 'list_attempts':
      return listAttempts(context.store, id, body)
    case 'reschedule':
      return reschedule(context.store, id, body, context.now())
  }
}

/** The three spec operations under the base path: auth is already checked, faults come next. */
export function createApiHandler(context: DemoContext): RequestHandler {
  return async (req, res, next) => {
    // req.url is still percent-encoded and relative to where the app is mounted.
    const rawPath = req.url.split('?')[0] ?? ''
    const route = matchApiRoute(rawPath, context.basePath)
    if (route === undefined) return next()
    if (route === null) throw new ApiError(404, `No route for ${req.method} ${rawPath}`)
    if (req.method !== route.method) throw methodNotAllowed(req.method, [route.method])

    context.stats.count(route.operation, route.executionId)
    const fault = selectFault(context.faults, req, route.operation, route.executionId)
    if (fault && (await applyFault(fault, req, res))) return
    const body = unspellRequest(await readJsonBody(req, res))
    const response = respellAnswer(runOperation(context, route, body), context.readings.stateSpelling)
    if (route.operation === 'reschedule') context.stats.applied(route.executionId ?? '')
    if (fault?.malformed) {
      res.json(corruptResponse(response))
      return
    }
    if (route.operation !== 'reschedule') {
      res.json(response)
      return
    }
    const answer = rescheduleAnswer(response, context.readings.rescheduleAnswer)
    if (answer.body === undefined) res.status(answer.status).end()
    else res.status(answer.status).json(answer.body)
  }
}
