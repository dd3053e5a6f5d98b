import type { ServerResponse } from 'node:http'
import { describe, expect, it } from 'vitest'
import { startingGate } from './startingGate.ts'

/** Enough of a response for sendJsonError: what was written, and a promise of the end. */
function fakeResponse() {
  const headers: Record<string, unknown> = {}
  let status = 0
  let ended: (body: string) => void = () => {}
  const body = new Promise<string>((resolve) => (ended = resolve))
  const res = {
    headersSent: false,
    setHeader: (name: string, value: unknown) => void (headers[name] = value),
    writeHead: (code: number, more: Record<string, unknown>) => {
      status = code
      Object.assign(headers, more)
    },
    end: (text: string) => ended(text),
  }
  return { res: res as unknown as ServerResponse, headers, body, status: () => status }
}

describe('startingGate', () => {
  it('holds a request until the dashboard is built, then hands it over', async () => {
    let build: (value: string) => void = () => {}
    const gate = startingGate(new Promise<string>((resolve) => (build = resolve)))
    expect(gate.current()).toBeNull()
    const handed = new Promise<string>((resolve) => gate.hold(fakeResponse().res, resolve))
    build('the dashboard')
    expect(await handed).toBe('the dashboard')
    expect(gate.current()).toBe('the dashboard')
  })

  it('answers 503 "starting" with Retry-After when the wait runs out', async () => {
    const slow = startingGate(new Promise<string>(() => {}), 10)
    const late = fakeResponse()
    slow.hold(late.res, () => expect.unreachable())
    expect(JSON.parse(await late.body)).toMatchObject({
      error: {
        code: 'starting',
        message: 'The dashboard is starting: its store is opening; try again shortly.',
      },
    })
    expect(late.status()).toBe(503)
    expect(late.headers['Retry-After']).toBe('5')
  })

  it('says the server could not start when building failed, not that it is starting', async () => {
    const failed = startingGate(Promise.reject(new Error('locked')))
    const refused = fakeResponse()
    failed.hold(refused.res, () => expect.unreachable())
    expect(JSON.parse(await refused.body)).toMatchObject({
      error: { code: 'internal_error', message: 'The dashboard’s server could not start; its log says why.' },
    })
    expect(refused.status()).toBe(500)
    expect(failed.current()).toBeNull()
  })
})
