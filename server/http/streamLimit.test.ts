import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import { createStreamLimit } from './streamLimit.ts'

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
    const limit = createStreamLimit(50, 'live streams')
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
