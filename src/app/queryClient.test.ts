import { describe, expect, it } from 'vitest'
import { ApiError } from '../api'
import { readRetryDelay, shouldRetryRead } from './queryClient'

const http = (status: number, retryAfterSeconds: number | null = null) =>
  new ApiError({ kind: 'http', status, message: 'x', retryAfterSeconds })

describe('shouldRetryRead', () => {
  it.each([
    ['HTTP 500', http(500), true],
    ['HTTP 503', http(503), true],
    ['HTTP 429', http(429), true],
    ['a network error', new ApiError({ kind: 'network', message: 'x' }), true],
    ['a timeout', new ApiError({ kind: 'timeout', message: 'x' }), true],
    ['HTTP 400', http(400), false],
    ['HTTP 401', http(401), false],
    ['HTTP 403', http(403), false],
    ['HTTP 404', http(404), false],
    ['an unexpected payload', new ApiError({ kind: 'schema', message: 'x' }), false],
    ['a plain Error', new Error('plain'), false],
  ])('after %s, retrying is %s', (_name, error, expected) => {
    expect(shouldRetryRead(0, error)).toBe(expected)
  })

  it('stops after three retries', () => {
    expect(shouldRetryRead(2, http(503))).toBe(true)
    expect(shouldRetryRead(3, http(503))).toBe(false)
  })
})

describe('readRetryDelay', () => {
  it('honours Retry-After, capped at a minute', () => {
    expect(readRetryDelay(1, http(429, 7))).toBe(7000)
    expect(readRetryDelay(1, http(429, 3600))).toBe(60_000)
  })

  it('backs off 1 s, 2 s, 4 s: TanStack Query passes 0 before the first retry', () => {
    expect([0, 1, 2].map((count) => readRetryDelay(count, http(503)))).toEqual([1000, 2000, 4000])
  })
})
