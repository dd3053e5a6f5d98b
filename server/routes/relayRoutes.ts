import type { StateSpeller } from '../../shared/listBody.ts'
import type { RescheduleGuard, RescheduleRequest } from '../audit/rescheduleGuard.ts'
import { clearSessionCookie, type SessionSettings } from '../auth/sessionCookie.ts'
import { sendJsonError } from '../http/json.ts'
import type { RouteEntry } from './api.ts'
import type { Outcome, RequestContext } from './context.ts'
import { forwardOperation, type AnswerObserver, type ForwardContext } from './forward.ts'
import { respellListBody } from './respell.ts'

export interface RelayRouteOptions {
  session: SessionSettings
  observe?: AnswerObserver
  /** Every spelling the API is known to use for a state: a browser's list body is sent in them. */
  spell?: StateSpeller
  /** Around a reschedule: the audit trail's intent and outcome, and a refused viewer's record. */
  guard?: RescheduleGuard
}

type RelayName = 'listExecutions' | 'listAttempts' | 'reschedule'

/** The request a reschedule's audit records are written from. */
const rescheduleOf = (context: RequestContext<'reschedule'>): RescheduleRequest => ({
  req: context.req,
  who: context.identity,
  credentials: context.credentials,
  executionId: context.operation?.executionId ?? '',
  body: context.raw,
  requestId: context.requestId,
  upstream: context.upstream.name,
})

/** The API's three operations, relayed through the one upstream client. */
export function relayRoutes(options: RelayRouteOptions): { [N in RelayName]: RouteEntry<N> } {
  async function relay(
    context: RequestContext<RelayName>,
    body: Buffer,
    onSettled?: ForwardContext['onSettled'],
  ): Promise<Outcome> {
    const { req, res, credentials, operation } = context
    if (operation === null) throw new Error('a relayed route without its operation')
    const onRefused =
      credentials.source === 'session' ? () => clearSessionCookie(req, res, options.session) : undefined
    const result = await forwardOperation(req, res, operation, body, credentials, {
      client: context.upstream.client,
      observe: options.observe,
      onRefused,
      onSettled,
    })
    return { ...result, route: operation.operation }
  }
  const { spell, guard } = options
  return {
    listExecutions: {
      handle: (context) => relay(context, spell ? respellListBody(context.raw, spell) : context.raw),
    },
    listAttempts: { handle: (context) => relay(context, context.raw) },
    reschedule: {
      forbidden: async (context, refusal) => {
        await guard?.refused(rescheduleOf(context), refusal)
        return refusal
      },
      handle: async (context) => {
        if (!guard) return relay(context, context.raw)
        const decision = await guard.begin(rescheduleOf(context))
        if (decision.kind === 'refused') {
          sendJsonError(context.res, decision.status, decision.code, decision.message)
          return { status: decision.status, route: 'refused', detail: decision.code }
        }
        return relay(context, context.raw, decision.settle)
      },
    },
  }
}
