import type { RescheduleGuard, RescheduleRequest } from '../audit/rescheduleGuard.ts'
import { clearSessionCookie, type SessionSettings } from '../auth/sessionCookie.ts'
import { sendJsonError } from '../http/json.ts'
import type { RouteEntry } from './api.ts'
import type { Outcome, RequestContext } from './context.ts'
import { forwardOperation, type AnswerObserver, type ForwardContext } from './forward.ts'
import type { StateSpellings } from '../upstream/stateSpellings.ts'
import { respellListBody } from './respell.ts'

export interface RelayRouteOptions {
  session: SessionSettings
  /** The index's observer: it learns the states of the list answers it reads. */
  observe?: AnswerObserver
  /**
   * The one speller: the browser sends states by meaning, the server in every spelling the API was seen using. It
   * learns from the answers the index does not read (the attempts' and, with no index, the executions').
   */
  spellings: StateSpellings
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
      observe,
      onRefused,
      onSettled,
    })
    return { ...result, route: operation.operation }
  }
  const { spellings, guard } = options
  const spell = (state: string) => spellings.spell(state)
  const observe: AnswerObserver = (credentials, operation, body, answer) => {
    options.observe?.(credentials, operation, body, answer)
    const indexLearns = options.observe !== undefined && operation.operation === 'list_executions'
    if (indexLearns || !operation.operation.startsWith('list_')) return
    if (answer.status < 200 || answer.status > 299) return
    // Observers run after the answer is on its way (forwardOperation defers them): what is learned serves the next
    // request, never this one, with no second deferral of its own on every relayed page.
    spellings.learnFromAnswer(answer.body)
  }
  return {
    listExecutions: { handle: (context) => relay(context, respellListBody(context.raw, spell)) },
    listAttempts: { handle: (context) => relay(context, respellListBody(context.raw, spell)) },
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
