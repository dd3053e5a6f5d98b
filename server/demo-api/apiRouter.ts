import type { IncomingMessage, ServerResponse } from 'node:http'
import type { DemoContext } from './context.ts'
import { ApiError, methodNotAllowed } from './errors.ts'
import { applyFault, corruptResponse, isBackgroundRequest, laneOf, selectFault } from './faults.ts'
import { listAttempts, listExecutions, reschedule } from './operations.ts'
import type { Operation } from './operations.ts'
import { rescheduleAnswer, respellAnswer, unspellRequest } from './readings.ts'
import { readJsonBody } from './requestBody.ts'
import { sendEmpty, sendJson } from './respond.ts'

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
      return listExecutions(context.store, body, context.schemas)
    case 'list_attempts':
      return listAttempts(context.store, id, body, context.schemas)
    case 'reschedule':
      return reschedule(context.store, id, body, context.now())
  }
}

/** The three spec operations under the base path (auth is already checked, faults come next); false elsewhere. */
export function createApiHandler(
  context: DemoContext,
): (req: IncomingMessage, res: ServerResponse, rawPath: string) => Promise<boolean> {
  return async (req, res, rawPath) => {
    const route = matchApiRoute(rawPath, context.basePath)
    if (route === undefined) return false
    const method = req.method ?? 'GET'
    if (route === null) throw new ApiError(404, `No route for ${method} ${rawPath}`)
    if (method !== route.method) throw methodNotAllowed(method, [route.method])

    context.stats.count(route.operation, route.executionId, isBackgroundRequest(req), laneOf(req))
    const fault = selectFault(context.faults, req, route.operation, route.executionId)
    if (fault && (await applyFault(fault, req, res))) return true
    const body = unspellRequest(await readJsonBody(req), context.readings.stateSpelling)
    const response = respellAnswer(runOperation(context, route, body), context.readings.stateSpelling)
    if (route.operation === 'reschedule') context.stats.applied(route.executionId ?? '')
    if (fault?.malformed) sendJson(res, 200, corruptResponse(response))
    else if (route.operation !== 'reschedule') sendJson(res, 200, response)
    else {
      const answer = rescheduleAnswer(response, context.readings.rescheduleAnswer)
      if (answer.body === undefined) sendEmpty(res, answer.status)
      else sendJson(res, answer.status, answer.body)
    }
    return true
  }
}
