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

/** The context of one request; the identity is worked out once, when a route or the role check first asks. */
export function requestContext<N extends RouteName>(
  settings: ContextSettings,
  parts: {
    req: IncomingMessage
    res: ServerResponse
    requestId: string
    credentials: Credentials | null
    query: RouteQuery<N>
    view: ViewRead['view'] | null
    body: RouteBody<N>
    raw: Buffer
    operation: MatchedOperation | null
  },
): RequestContext<N> {
  let identity: Identity | null = null
  const { credentials } = parts
  // An object literal, not a spread: this is on the relay's hot path (decision 25).
  return {
    req: parts.req,
    res: parts.res,
    requestId: parts.requestId,
    credentials: credentials as Credentials,
    query: parts.query,
    view: parts.view ?? NO_VIEW,
    body: parts.body,
    raw: parts.raw,
    operation: parts.operation,
    trust: settings.trust,
    upstream: settings.upstream,
    get identity(): Identity {
      if (credentials === null) throw new Error('identity asked for on a route anyone may call')
      identity ??= identify(parts.req, credentials, settings.trust, settings.identity)
      return identity
    },
  }
}
