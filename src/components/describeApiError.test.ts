import { describe, expect, it } from 'vitest'
import { ApiError } from '../api'
import { describeApiError } from './describeApiError'

describe('describeApiError', () => {
  it('names the status and code of HTTP errors', () => {
    const error = new ApiError({
      kind: 'http',
      status: 503,
      code: 'unavailable',
      message: 'Down for maintenance',
    })
    expect(describeApiError(error)).toEqual({
      message: 'Down for maintenance',
      detail: 'HTTP 503 (unavailable)',
    })
  })

  it.each([
    [401, 'The API refused the credentials.'],
    [403, 'You do not have permission for this operation.'],
    [429, 'The API is rate limiting requests.'],
  ])('leads %s with what it means', (status, lead) => {
    const { message } = describeApiError(new ApiError({ kind: 'http', status, message: 'server says' }))
    expect(message).toBe(`${lead} server says`)
  })

  it("keeps the dashboard server's own wording for a refused token", () => {
    const error = new ApiError({
      kind: 'http',
      status: 401,
      code: 'session_refused',
      message: 'Sign in again.',
      origin: 'dashboard',
    })
    expect(describeApiError(error).message).toBe('Sign in again.')
  })

  it.each([
    ['export_in_progress', 429, 'The dashboard is busy for you: Try again later.'],
    ['sign_in_rate_limited', 429, 'The dashboard limits sign-in attempts: Try again later.'],
    ['upstream_busy', 503, 'The API is busy: Try again later.'],
    ['upstream_timeout', 504, 'Try again later.'],
    ['a_code_from_a_newer_server', 429, 'The dashboard’s server refused this request: Try again later.'],
    [null, 500, 'The dashboard’s server failed: Try again later.'],
  ])("leads the dashboard's own %s (%s) with its words, never the API's", (code, status, message) => {
    const error = new ApiError({
      kind: 'http',
      status,
      code,
      message: 'Try again later.',
      origin: 'dashboard',
    })
    expect(describeApiError(error).message).toBe(message)
  })

  it('says when the dashboard itself refused a request, never blaming the API', () => {
    const error = new ApiError({
      kind: 'http',
      status: 404,
      code: 'not_found',
      message: 'No such API operation.',
      origin: 'dashboard',
    })
    expect(describeApiError(error).message).toBe(
      'The dashboard’s server refused this request: No such API operation.',
    )
    // An API's own code that happens to be one of the dashboard's is still the API's.
    const fromApi = new ApiError({
      kind: 'http',
      status: 404,
      code: 'not_found',
      message: 'Execution x not found',
    })
    expect(describeApiError(fromApi).message).toBe('Execution x not found')
  })

  it('names the field of a schema error', () => {
    const error = new ApiError({ kind: 'schema', message: 'bad', fieldPath: 'data[0].state' })
    expect(describeApiError(error)).toEqual({ message: 'bad', detail: 'Field: data[0].state' })
  })

  it('describes plain errors and thrown values', () => {
    expect(describeApiError(new Error('boom')).message).toBe('boom')
    expect(describeApiError('text').message).toBe('text')
  })
})
