import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import { createStreamLimit, createStreamTotal } from './streamLimit.ts'

/** A response that keeps what was written to it (no socket). */
function response() {
  const res = new ServerResponse(new IncomingMessage(new Socket()))
  const chunks: string[] = []
  res.end = ((chunk?: unknown) => {
    if (typeof chunk === 'string') chunks.push(chunk)
    return res
  }) as ServerResponse['end']
  return { res, body: () => chunks.join('') }
}

describe('the streams one client address may hold', () => {
  it('takes 50, answers 429 too_many_streams with Retry-After past them, and takes again once one is given back', () => {
    const limit = createStreamLimit(50, 'live streams', createStreamTotal(1_000))
    for (let stream = 0; stream < 50; stream++) expect(limit.take('10.0.0.7', response().res)).toBe(true)
    const refused = response()
    expect(limit.take('10.0.0.7', refused.res)).toBe(false)
    expect(refused.res.statusCode).toBe(429)
    expect(refused.res.getHeader('Retry-After')).toBe('30')
    expect(JSON.parse(refused.body())).toMatchObject({
      error: {
        code: 'too_many_streams',
        message: 'At most 50 live streams per client address; close some tabs.',
      },
    })
    // Another address has its own share; a stream given back makes room for one more.
    expect(limit.take('10.0.0.8', response().res)).toBe(true)
    limit.give('10.0.0.7')
    expect(limit.take('10.0.0.7', response().res)).toBe(true)
    expect(limit.take('10.0.0.7', response().res)).toBe(false)
  })
})

describe('the streams the whole process may hold', () => {
  it('are counted over every route and address, answered 503 with Retry-After past the cap, and freed as they end', () => {
    const total = createStreamTotal(3)
    const live = createStreamLimit(50, 'live streams', total)
    const watch = createStreamLimit(50, 'watch streams', total)
    expect(live.take('10.0.0.1', response().res)).toBe(true)
    expect(live.take('10.0.0.2', response().res)).toBe(true)
    expect(watch.take('10.0.0.3', response().res)).toBe(true)
    const refused = response()
    expect(watch.take('10.0.0.4', refused.res)).toBe(false)
    expect(refused.res.statusCode).toBe(503)
    expect(refused.res.getHeader('Retry-After')).toBe('30')
    expect(JSON.parse(refused.body())).toMatchObject({ error: { code: 'too_many_streams' } })
    live.give('10.0.0.1')
    expect(watch.take('10.0.0.4', response().res)).toBe(true)
    expect(total.open).toBe(3)
  })
})
