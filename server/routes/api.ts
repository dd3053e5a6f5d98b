import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import findMyWay from 'find-my-way'
import * as z from 'zod/mini'
import { issueMessages, readRouteQuery } from '../../shared/api/readQuery.ts'
import { API_PREFIX, ROUTE_NAMES, type RouteName } from '../../shared/api/routes.ts'
import { ROUTE_TABLE, type RouteDefinition } from '../../shared/api/table.ts'
import { Refusal } from '../../shared/refusal.ts'
import type { DashboardErrorCode } from '../../shared/errorCodes.ts'
import { credentialsFor, type Credentials } from '../auth/credentials.ts'
import { clearSessionCookie, readSession, type SessionSettings } from '../auth/sessionCookie.ts'
import { readJsonObject } from '../http/body.ts'
import type { ProxyEvent } from '../http/events.ts'
import { sendJsonError } from '../http/json.ts'
import { clientAddress, isCrossSite, type OriginSettings } from '../http/origin.ts'
import { effectiveMethod, matchOperation, NOT_ADDRESSABLE } from '../upstream/operations.ts'
import {
  requestContext,
  type ContextSettings,
  type Outcome,
  type RequestContext,
  type RouteHandler,
} from './context.ts'
import { DEFAULT_BODY_LIMIT_BYTES, readRequestBody } from './requestBody.ts'

export { API_PREFIX, DEFAULT_BODY_LIMIT_BYTES }
export type NextFunction = (error?: unknown) => void
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: NextFunction) => void

/** A route's handler, and what it does apart from the router's rules. */
export interface RouteEntry<N extends RouteName> {
  handle: RouteHandler<N>
  /** Reads its body itself (sign-in words its own refusals); the router only reads it within the limit. */
  ownBody?: boolean
  /** Before an operator's route refuses a viewer: records the refusal, and may add to its words. */
  forbidden?: (context: RequestContext<N>, refusal: string) => Promise<string>
}

/** The route table's handlers: every route of shared/api/routes.ts, by name. */
export type RouteTable = { [N in RouteName]: RouteHandler<N> | RouteEntry<N> }

export interface ApiRoutesOptions extends ContextSettings {
  routes: RouteTable
  session: SessionSettings
  origin: OriginSettings
  bodyLimitBytes?: number
  onEvent?: (event: ProxyEvent) => void
}

const SESSION_ENDED = 'Your session has ended; sign in again.'
const NOT_SIGNED_IN =
  'You are not signed in (this request carried no session cookie); sign in with your API token.'

/** Only the error's code (e.g. ERR_INVALID_CHAR): messages may quote header values, and so the token. */
function errorCode(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code
  return typeof code === 'string' ? ` ${code}` : ''
}

interface Routed {
  name: RouteName
  route: RouteDefinition
  entry: RouteEntry<RouteName>
}

const entryOf = <N extends RouteName>(value: RouteHandler<N> | RouteEntry<N>): RouteEntry<N> =>
  typeof value === 'function' ? { handle: value } : value

/**
 * The one router of /api, built from the route table (shared/api) with find-my-way, for Vite dev, Vite preview and
 * the production server alike. Each request, in this order: refused cross-site; matched (404 otherwise); its body
 * read within the limit; the caller's credentials (401); the route's role (403, as Grafana's ReqRole); its query
 * and body read by the route's schemas (400); then its handler, with a context computed once.
 */
export function createApiRoutes(options: ApiRoutesOptions): Middleware {
  const { session, bodyLimitBytes = DEFAULT_BODY_LIMIT_BYTES, onEvent = () => {} } = options
  const serverToken = options.upstream.client.config.token
  const router = findMyWay({ ignoreTrailingSlash: false, maxParamLength: 8_192 })
  for (const name of ROUTE_NAMES) {
    const route: RouteDefinition = ROUTE_TABLE[name]
    const routed: Routed = { name, route, entry: entryOf<RouteName>(options.routes[name]) }
    router.on(route.method, route.path.replaceAll('{id}', ':id'), () => {}, routed)
  }

  return (req, res, next) => {
    const rawUrl = req.url ?? '/'
    if (
      rawUrl !== API_PREFIX &&
      !rawUrl.startsWith(`${API_PREFIX}/`) &&
      !rawUrl.startsWith(`${API_PREFIX}?`)
    ) {
      next()
      return
    }
    const started = Date.now()
    const requestId = randomUUID()
    const query = rawUrl.indexOf('?')
    const pathname = rawUrl.slice(API_PREFIX.length, query === -1 ? undefined : query)
    const method = effectiveMethod(req.method, req.headers['x-http-method-override'])
    const finish = (outcome: Outcome) =>
      onEvent({ requestId, method, durationMs: Date.now() - started, ...outcome })
    // Every request is contained: whatever goes wrong becomes a 500 for this request, never a stopped process.
    const contain = (error: unknown) => {
      if (error instanceof Refusal && !res.headersSent) {
        sendJsonError(res, error.status, error.code, error.message)
        return finish({ status: error.status, route: 'refused', detail: error.code })
      }
      const kind = error instanceof Error ? `${error.name}${errorCode(error)}` : typeof error
      const message = `The dashboard's server failed on this request (request id ${requestId}).`
      sendJsonError(res, 500, 'internal_error', message, { request_id: requestId })
      finish({ status: 500, route: 'refused', detail: `internal_error ${kind}` })
    }
    try {
      res.setHeader('X-Request-Id', requestId)
      const search = query === -1 ? '' : rawUrl.slice(query + 1)
      handle(req, res, pathname, search, method, requestId).then(finish, contain)
    } catch (error) {
      contain(error)
    }
  }

  function refuse(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    code: DashboardErrorCode,
    message: string,
  ): Outcome {
    // Drain what the browser sent so the kept-alive connection stays in step.
    req.resume()
    sendJsonError(res, status, code, message)
    return { status, route: 'refused', detail: code }
  }

  /**
   * The caller's credentials, or the 401 already sent: no session cookie sent, or one that no longer opens. What the
   * dashboard answers itself (its store, its index) needs credentials the API has accepted: a session (checked at
   * sign-in), the server's token, or a token the API answered with success. A relayed operation is the API's to judge.
   */
  function credentialsOf(
    req: IncomingMessage,
    res: ServerResponse,
    route: RouteDefinition,
  ): Credentials | Outcome {
    const credentials = credentialsFor(req, res, serverToken, session)
    if (credentials !== null) {
      if (route.relays || credentials.source !== 'browser') return credentials
      if (options.upstream.client.accepted(credentials.authorization)) return credentials
      return refuse(req, res, 401, 'not_signed_in', UNVERIFIED_TOKEN)
    }
    // Nothing to clear and nothing ended when no cookie came: the caller never signed in (or the browser dropped it).
    if (readSession(req, session).state === 'none')
      return refuse(req, res, 401, 'not_signed_in', NOT_SIGNED_IN)
    clearSessionCookie(req, res, session)
    return refuse(req, res, 401, 'session_expired', SESSION_ENDED)
  }

  async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    pathname: string,
    search: string,
    method: string,
    requestId: string,
  ): Promise<Outcome> {
    if (isCrossSite(req, options.origin))
      return refuse(
        req,
        res,
        403,
        'cross_site_refused',
        'Cross-site requests to the dashboard API are refused.',
      )
    const found = router.find(method as 'GET', pathname)
    const routed = (found?.store as Routed | undefined) ?? null
    const operation = routed === null || routed.route.relays ? matchOperation(method, pathname) : null
    if (operation === NOT_ADDRESSABLE) {
      const message = 'The ids “.” and “..” cannot be addressed through the API’s paths.'
      return refuse(req, res, 400, 'id_not_addressable', message)
    }
    if (routed === null || (routed.route.relays && operation === null))
      return refuse(req, res, 404, 'not_found', 'No such API operation.')
    const { name, route, entry } = routed
    let raw: Buffer = EMPTY
    if (route.relays || 'body' in route) {
      const read = await readRequestBody(req, res, bodyLimitBytes)
      if (!Buffer.isBuffer(read)) return read
      raw = read
    } else req.resume()
    let credentials: Credentials | null = null
    if (route.role !== 'anyone') {
      const asked = credentialsOf(req, res, route)
      if (!('authorization' in asked)) return asked
      // The index shares its work, and caps views, per client; a relayed call (the hot path) needs none of it.
      credentials = route.relays ? asked : { ...asked, client: clientAddress(req, options.origin.trust) }
    }
    const read = readRequest(name, route, entry, search, raw)
    const context = requestContext(options, {
      req,
      res,
      requestId,
      credentials,
      query: read.query,
      view: read.view,
      body: read.body,
      raw,
      operation,
    })
    if (route.role === 'operator') {
      const refusal = context.identity.refusal
      if (refusal !== null) {
        const message = entry.forbidden ? await entry.forbidden(context, refusal) : refusal
        return refuse(req, res, 403, 'forbidden_role', message)
      }
    }
    if (read.problems.length > 0) return refuse(req, res, 400, read.code, `${read.problems.join('; ')}.`)
    return entry.handle(context)
  }
}

const EMPTY = Buffer.alloc(0)
const UNVERIFIED_TOKEN =
  'This part of the dashboard answers from its own records, so it needs a session or a token the API has ' +
  'accepted: sign in, or make a call to the API through the dashboard with this token first.'

/** The query and the body as the route's schemas read them, or every problem with them. */
function readRequest(
  name: RouteName,
  route: RouteDefinition,
  entry: RouteEntry<RouteName>,
  search: string,
  raw: Buffer,
) {
  const problems: string[] = []
  let code: 'bad_request' | 'filter_too_long' = 'bad_request'
  let query = {} as RequestContext['query']
  let view: RequestContext['view'] | null = null
  if ('view' in route || 'query' in route) {
    const read = readRouteQuery(name, new URLSearchParams(search))
    if (read.ok) {
      query = read.query
      view = read.view
    } else {
      problems.push(...read.problems)
      code = read.code
    }
  }
  let body: RequestContext['body'] = undefined
  if ('body' in route && route.body && !route.relays && !entry.ownBody) {
    // A body that is not a JSON object is read as one with nothing in it: the schema names what is missing.
    const read = z.safeParse(route.body, readJsonObject(raw).fields)
    if (read.success) body = read.data as RequestContext['body']
    else {
      problems.push(...issueMessages(read.error))
      code = 'bad_request'
    }
  }
  return { problems, code, query, view, body }
}
