import { describe, expect, it } from 'vitest'
import { ApiError } from '../api'
import { readRetryDelay, shouldRetryRead } from './queryClient'

const http = (status: number, retryAfterSeconds: number | null = null) =>
  new ApiError({ kind: 'http', status, message: 'x', retryAfterSeconds })

describe('shouldRetryRead', () => {
  it.each([
    [http(500), true],
    [http(503), true],
    [http(429), true],
    [new ApiError({ kind: 'network', message: 'x' }), true],
    [new ApiError({ kind: 'timeout', message: 'x' }), true],
    [http(400), false],
    [http(401), false],
    [http(403), false],
    [http(404), false],
    [new ApiError({ kind: 'schema', message: 'x' }), false],
    [new Error('plain'), false],
  ])('retries %o: %s', (error, expected) => {
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
