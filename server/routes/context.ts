import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ViewRead } from '../../shared/api/view.ts'
import type { RouteName } from '../../shared/api/routes.ts'
import type { RouteBody, RouteQuery } from '../../shared/api/table.ts'
import { identify, type Identity, type IdentitySettings } from '../audit/identity.ts'
import type { Credentials } from '../auth/credentials.ts'
import type { RouteName as LoggedRoute } from '../http/events.ts'
import type { ProxyTrust } from '../http/origin.ts'
import type { UpstreamClient } from '../upstream/client.ts'
import type { MatchedOperation } from '../upstream/operations.ts'

/** What the request log says of a request the route answered. */
export interface Outcome {
  status: number
  route: LoggedRoute
  detail?: string
  upstreamStatus?: number
  upstreamMs?: number
}

/** The API this dashboard stands in front of: its one client, and its name as the trail records it. */
export interface Upstream {
  client: UpstreamClient
  name: string
}

/**
 * One request as a route sees it, computed once by the router: who asks (credentials, and the identity they make
 * with the trusted proxies' headers, worked out when first asked for), the query and body read by the route's
 * schemas, and the upstream.
 */
export interface RequestContext<N extends RouteName = RouteName> {
  req: IncomingMessage
  res: ServerResponse
  requestId: string
  /** Null only on the routes anyone may call (the session's). */
  credentials: Credentials
  readonly identity: Identity
  trust: ProxyTrust
  upstream: Upstream
  query: RouteQuery<N>
  /** The view a route takes in its query (filters and window); routes without one have none. */
  view: ViewRead['view']
  body: RouteBody<N>
  /** The body as it came (relayed operations send it on). */
  raw: Buffer
  /** The API's operation a relayed route stands for, its id decoded. */
  operation: MatchedOperation | null
}

export type RouteHandler<N extends RouteName = RouteName> = (context: RequestContext<N>) => Promise<Outcome>

/** The handlers of the route table, by name: every route declared in shared/api has one. */
export type RouteHandlers = { [N in RouteName]: RouteHandler<N> }

/** The settings every request's context is computed with. */
export interface ContextSettings {
  trust: ProxyTrust
  identity: IdentitySettings
  upstream: Upstream
}

const NO_VIEW: ViewRead['view'] = {
  filters: { states: [], metadata: [] },
  window: { kind: 'any', field: 'created' },
}

/** What the router has read of a request before its context is made. */
interface ContextParts<N extends RouteName> {
  req: IncomingMessage
  res: ServerResponse
  requestId: string
  credentials: Credentials | null
  query: RouteQuery<N>
  view: ViewRead['view'] | null
  body: RouteBody<N>
  raw: Buffer
  operation: MatchedOperation | null
}

/**
 * A class, not an object literal with a getter: a literal's getter is a new closure each time, so each context got a
 * hidden class of its own in the old space, which held the request (its closure's) across every young collection
 * until the next full one. One shape for every context keeps a finished request young garbage (decision 25).
 */
class Context<N extends RouteName> implements RequestContext<N> {
  readonly req: IncomingMessage
  readonly res: ServerResponse
  readonly requestId: string
  readonly credentials: Credentials
  readonly query: RouteQuery<N>
  readonly view: ViewRead['view']
  readonly body: RouteBody<N>
  readonly raw: Buffer
  readonly operation: MatchedOperation | null
  readonly trust: ProxyTrust
  readonly upstream: Upstream
  readonly #settings: ContextSettings
  readonly #signedOut: boolean
  #identity: Identity | null = null

  constructor(settings: ContextSettings, parts: ContextParts<N>) {
    this.req = parts.req
    this.res = parts.res
    this.requestId = parts.requestId
    this.credentials = parts.credentials as Credentials
    this.query = parts.query
    this.view = parts.view ?? NO_VIEW
    this.body = parts.body
    this.raw = parts.raw
    this.operation = parts.operation
    this.trust = settings.trust
    this.upstream = settings.upstream
    this.#settings = settings
    this.#signedOut = parts.credentials === null
  }

  get identity(): Identity {
    if (this.#signedOut) throw new Error('identity asked for on a route anyone may call')
    this.#identity ??= identify(this.req, this.credentials, this.#settings.trust, this.#settings.identity)
    return this.#identity
  }
}

/** The context of one request; the identity is worked out once, when a route or the role check first asks. */
export function requestContext<N extends RouteName>(
  settings: ContextSettings,
  parts: ContextParts<N>,
): RequestContext<N> {
  return new Context(settings, parts)
}
