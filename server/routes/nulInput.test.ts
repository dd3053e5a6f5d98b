import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningDemoApi } from '../demo-api/index.ts'
import { startTestApi, type DemoClient } from '../demo-api/testClient.ts'
import { jsonOf, rawRequest } from '../testing/httpTestKit.ts'
import { startNamedUsersStack, type NamedUsersStack } from '../testing/namedUsersKit.ts'

/*
 * Issue 46 §5: a NUL character in a note, a label or an id reached PostgreSQL, which refused it, and the request
 * failed with 500 or a 503 "try again" that could never succeed. Each is a 400 that names it; nothing is sent.
 */
let api: RunningDemoApi
let demo: DemoClient
let stack: NamedUsersStack

beforeAll(async () => {
  ;({ api, client: demo } = await startTestApi({ executionCount: 50 }))
  stack = await startNamedUsersStack(api, { DASHBOARD_OPERATORS: 'olga' })
}, 60_000)
afterAll(async () => {
  await stack.close()
  await api.close()
})

const send = (method: string, path: string, body?: unknown) =>
  rawRequest(`${stack.dashboard.url}${path}`, {
    method,
    headers: { ...stack.as('olga'), 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })

describe('a NUL character', () => {
  it.each([
    [
      'a watch label',
      'POST',
      '/api/watches',
      {
        kind: 'view',
        view: 'state=failed',
        label: 'a\u0000b',
        threshold: { state: 'failed', count: 1, minutes: 5 },
      },
      /label must not contain a NUL/,
    ],
    [
      'a watched id',
      'POST',
      '/api/watches',
      { kind: 'execution', executionId: 'e\u0000' },
      /executionId must not contain a NUL/,
    ],
    [
      'an acknowledgement note',
      'POST',
      '/api/triage/ack?state=failed&id=key:x',
      { note: 'INC\u00001' },
      /the note must not contain a NUL/,
    ],
    ['a looked-up id', 'GET', '/api/index/execution?id=a%00b', undefined, /id must not contain a NUL/],
    ['an audit filter', 'GET', '/api/audit?user=a%00b', undefined, /user must not contain a NUL/],
    [
      'a rescheduled id',
      'PATCH',
      '/api/executions/a%00b/schedule',
      { schedule_for: true },
      /NUL character.*nothing was sent/,
    ],
  ])('in %s is refused with a 400 that names it', async (_what, method, path, body, words) => {
    const before = (await demo.control<{ requests: { reschedule: number } }>('GET', '/stats')).json.requests
      .reschedule
    const answer = await send(method, path, body)
    expect(answer.status, answer.body).toBe(400)
    expect(jsonOf(answer).error.message).toMatch(words)
    expect(
      (await demo.control<{ requests: { reschedule: number } }>('GET', '/stats')).json.requests.reschedule,
    ).toBe(before)
    expect((await send('GET', '/api/audit?size=1')).status).toBe(200)
  })
})
