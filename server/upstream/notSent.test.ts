import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { close, listen } from '../testing/httpTestKit.ts'
import { createUpstreamClient } from './client.ts'
import { parseUpstreamConfig } from './config.ts'
import { LIST_EXECUTIONS, matchOperation, type MatchedOperation } from './operations.ts'
import { UpstreamFailure } from './request.ts'

// An API that takes the connection and the request, then drops the socket without a word: it may have acted.
const dropping = http.createServer((req) => {
  req.resume()
  req.once('end', () => req.socket.destroy())
})
let droppingUrl = ''
let closedUrl = ''

beforeAll(async () => {
  droppingUrl = await listen(dropping)
  // A port nothing listens on: the connection is refused.
  const spare = http.createServer()
  await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve))
  closedUrl = `http://127.0.0.1:${(spare.address() as AddressInfo).port}`
  await new Promise<void>((resolve) => spare.close(() => resolve()))
})
afterAll(() => close(dropping))

const reschedule = matchOperation('PATCH', '/executions/exec-1/schedule') as MatchedOperation
const failureOf = async (url: string, operation: MatchedOperation) => {
  const client = createUpstreamClient(
    parseUpstreamConfig({ EXEC_API_URL: `${url}/v2`, EXEC_API_TOKEN: 't' }),
    {
      budget: { burst: 10, ratePerSecond: 10 },
    },
  )
  try {
    await client.call({
      operation,
      body: Buffer.from('{"schedule_for":true}'),
      authorization: 'Bearer t',
      lane: 'user',
    })
    throw new Error('expected a failure')
  } catch (error) {
    if (!(error instanceof UpstreamFailure)) throw error
    return error
  } finally {
    client.close()
  }
}

describe('a reschedule that no connection carried', () => {
  it('is "not sent" when the connection was refused: provably, nothing reached the API', async () => {
    const failure = await failureOf(closedUrl, reschedule)
    expect(failure.code).toBe('upstream_not_sent')
    expect(failure.message).toMatch(/ECONNREFUSED\): the request was not sent\.$/)
  })

  it('is not said "not sent" when the API took the connection and dropped it: it may have acted', async () => {
    const failure = await failureOf(droppingUrl, reschedule)
    expect(failure.code).toBe('upstream_unreachable')
  })

  it('leaves a read as it was: unreachable (the index waits on it)', async () => {
    expect((await failureOf(closedUrl, LIST_EXECUTIONS)).code).toBe('upstream_unreachable')
  })
})
