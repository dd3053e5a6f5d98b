import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../api'
import { executionKeys } from '../api/queryKeys'
import { httpError } from '../api/transport'
import { DASHBOARD_ERROR_HEADER } from '../../shared/errorCodes'
import { currentListFailure, withApiHealth } from './listHealth'

/** The failure the header and the list's tools read while a watched list's call fails with `error`. */
async function failureOf(error: ApiError) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  // A list's own key: what the header reads. The answer is the test's, not a function of the key.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  const observer = new QueryObserver(client, {
    queryKey: executionKeys.list({ first: 20, after: null, states: [], metadata: [] }),
    queryFn: () => Promise.reject(error),
  })
  const stop = observer.subscribe(() => {})
  await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('error'))
  const failure = currentListFailure(client)
  stop()
  return failure
}

/**
 * An error answer as the transport reads it; `fromDashboard`: with the marker of the dashboard's own errors.
 * Whatever the dashboard's server sends carries its request id; `throughDashboard` false is a proxy's own answer.
 */
function answered(status: number, body: unknown, fromDashboard: boolean, throughDashboard = true) {
  const headers = new Headers({ 'content-type': 'application/json' })
  if (fromDashboard) headers.set(DASHBOARD_ERROR_HEADER, '1')
  if (throughDashboard) headers.set('x-request-id', 'r1')
  return httpError(new Response(JSON.stringify(body), { status, headers }), body)
}

const NOT_ANSWERED = 'Unavailable while the API does not answer.'
const NOT_LOADED = 'Unavailable while the list could not be loaded.'

describe('currentListFailure', () => {
  it('reads a 503 the API sent itself as its answer, not as an API that does not answer', async () => {
    const failure = await failureOf(answered(503, { error: { message: 'maintenance' } }, false))
    expect(failure).toEqual({ unreachable: false, tokenRefused: false, refusal: NOT_LOADED })
  })

  it('says the API does not answer when the dashboard’s server could not reach it, or the browser got nothing', async () => {
    const unreachable = { error: { code: 'upstream_unreachable', message: 'cannot be reached' } }
    const timedOut = { error: { code: 'upstream_timeout', message: 'did not answer within 15 s' } }
    for (const error of [
      answered(502, unreachable, true),
      answered(504, timedOut, true),
      new ApiError({ kind: 'network', message: 'The dashboard server cannot be reached.' }),
      new ApiError({ kind: 'timeout', message: 'The API did not answer within 15 s.' }),
    ]) {
      expect(await failureOf(error)).toMatchObject({ unreachable: true, refusal: NOT_ANSWERED })
    }
  })

  it('says nothing answers when a proxy in front of the dashboard’s server sends its own 502–504', async () => {
    for (const status of [502, 503, 504])
      expect(await failureOf(answered(status, '<html>Bad Gateway</html>', false, false))).toMatchObject({
        unreachable: true,
        refusal: NOT_ANSWERED,
      })
  })

  it('does not blame the way to the API for the dashboard’s other 502–504s', async () => {
    // The API's own 503 passed on by the index, an answer it could not use, its own store off.
    for (const [status, code] of [
      [503, 'upstream_error'],
      [502, 'upstream_invalid_response'],
      [503, 'store_unavailable'],
    ] as const) {
      const failure = await failureOf(answered(status, { error: { code, message: 'x' } }, true))
      expect(failure).toMatchObject({ unreachable: false, refusal: NOT_LOADED })
    }
  })
})

describe('withApiHealth', () => {
  const unreachable = {
    unreachable: true,
    tokenRefused: false,
    refusal: 'Unavailable while the API does not answer.',
  }
  const refused = {
    unreachable: false,
    tokenRefused: true,
    refusal: 'Unavailable while the API refuses the server’s token.',
  }
  const down = { reachable: false, at: 1, reason: 'cannot be reached' }
  const up = { reachable: true, at: 2, reason: null }

  it('says the API is down as soon as the stream does, over a list that still shows rows', () => {
    expect(withApiHealth(null, down)).toEqual(unreachable)
  })

  it('drops a stale "unreachable" as soon as the stream says the API is back; keeps any other failure', () => {
    expect(withApiHealth(unreachable, up)).toBeNull()
    expect(withApiHealth(refused, up)).toEqual(refused)
  })

  it('is the list’s own failure while no stream speaks', () => {
    expect(withApiHealth(unreachable, null)).toEqual(unreachable)
    expect(withApiHealth(null, null)).toBeNull()
  })
})
