import http from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { close, listen } from '../testing/httpTestKit.ts'
import { createUpstreamClient } from './client.ts'
import { parseUpstreamConfig } from './config.ts'
import { LIST_EXECUTIONS } from './operations.ts'
import { CallAbandonedError } from './request.ts'

let calls = 0
let hold: (() => void)[] = []
let holding = false
const api = http.createServer((req, res) => {
  calls += 1
  req.resume()
  const answer = () =>
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(`{"data":[],"n":${calls}}`)
  if (holding) hold.push(answer)
  else answer()
})
let url = ''

beforeAll(async () => {
  url = await listen(api)
})
afterAll(() => close(api))
beforeEach(() => {
  calls = 0
  hold = []
  holding = false
})

const client = (reuseMs = 0) =>
  createUpstreamClient(parseUpstreamConfig({ EXEC_API_URL: `${url}/v2`, EXEC_API_TOKEN: 'secret-1' }), {
    reuseMs,
    budget: { burst: 100, ratePerSecond: 100 },
  })
const read = (
  c: ReturnType<typeof client>,
  options: { body?: string; token?: string; signal?: AbortSignal; fresh?: boolean } = {},
) =>
  c.call({
    operation: LIST_EXECUTIONS,
    body: Buffer.from(options.body ?? '{"page":{"first":5}}'),
    authorization: `Bearer ${options.token ?? 'secret-1'}`,
    lane: 'user',
    signal: options.signal,
    fresh: options.fresh,
  })

async function released() {
  await expect.poll(() => hold.length).toBeGreaterThan(0)
  holding = false
  for (const answer of hold.splice(0)) answer()
}

describe('the upstream client', () => {
  it('makes identical reads in flight one call, and keeps different bodies and credentials apart', async () => {
    const c = client()
    holding = true
    const same = Array.from({ length: 6 }, () => read(c))
    const other = [read(c, { body: '{"page":{"first":6}}' }), read(c, { token: 'secret-2' })]
    await released()
    await expect.poll(() => hold.length).toBe(0)
    for (const answer of hold.splice(0)) answer()
    const answers = await Promise.all([...same, ...other])
    expect(calls).toBe(3)
    expect(answers.filter((answer) => answer.shared)).toHaveLength(5)
    c.close()
  })

  it('goes on for the others when one reader leaves, and abandons the call when the last one does', async () => {
    const c = client()
    holding = true
    const leaving = new AbortController()
    const staying = read(c)
    const gone = read(c, { signal: leaving.signal })
    leaving.abort()
    await expect(gone).rejects.toBeInstanceOf(CallAbandonedError)
    await released()
    expect((await staying).status).toBe(200)
    holding = true
    const alone = new AbortController()
    const abandoned = read(c, { signal: alone.signal })
    await expect.poll(() => hold.length).toBe(1)
    alone.abort()
    await expect(abandoned).rejects.toBeInstanceOf(CallAbandonedError)
    c.close()
  })

  it('answers the same read again from a moment ago, within the reuse window only', async () => {
    const c = client(60_000)
    await read(c)
    const again = await read(c)
    expect(again.shared).toBe(true)
    expect(calls).toBe(1)
    // Refresh now: a person asked for the API's answer, not the one of a moment ago.
    const asked = await read(c, { fresh: true })
    expect(asked.shared).toBe(false)
    expect(asked.sentAt).toBeGreaterThanOrEqual(again.sentAt)
    expect(calls).toBe(2)
    expect((await read(c)).body.toString()).toBe(asked.body.toString())
    const fresh = client(0)
    await read(fresh)
    await read(fresh)
    expect(calls).toBe(4)
    c.close()
    fresh.close()
  })

  it('never shares or reuses a reschedule', async () => {
    const c = client(60_000)
    const patch = () =>
      c.call({
        operation: {
          operation: 'reschedule',
          method: 'PATCH',
          path: '/executions/a/schedule',
          executionId: 'a',
        },
        body: Buffer.from('{"schedule_for":true}'),
        authorization: 'Bearer secret-1',
        lane: 'user',
      })
    await Promise.all([patch(), patch()])
    expect(calls).toBe(2)
    c.close()
  })
})
