import type { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import type { UpstreamClient } from '../upstream/client.ts'
import { requestContext, type ContextSettings } from './context.ts'

const settings: ContextSettings = {
  trust: { isTrusted: () => false },
  identity: { userHeader: null, groupsHeader: null, viewers: new Set(), operators: null },
  upstream: { client: {} as UpstreamClient, name: 'default' },
}

function contextFor(credentials: { authorization: string; source: 'browser' } | null) {
  const req = { headers: {}, socket: new Socket() } as unknown as IncomingMessage
  return requestContext<'session'>(settings, {
    req,
    res: {} as ServerResponse,
    requestId: 'r1',
    credentials,
    query: {},
    view: null,
    body: undefined,
    raw: Buffer.alloc(0),
    operation: null,
  })
}

describe('a request’s context', () => {
  it('works out who asks once, and refuses to on a route anyone may call', () => {
    const context = contextFor({ authorization: 'Bearer abcdefgh12345678', source: 'browser' })
    expect(context.identity.via).toBe('browser token')
    // Worked out again, it would be another object.
    expect(context.identity).toBe(context.identity)
    expect(context.view).toEqual({
      filters: { states: [], metadata: [] },
      window: { kind: 'any', field: 'created' },
    })
    expect(() => contextFor(null).identity).toThrow('identity asked for on a route anyone may call')
  })

  it('keeps who asks on the prototype, not as each context’s own getter', () => {
    // An own getter is a new closure per request, and with it a hidden class per request in the old space: it held
    // each finished request across every young collection (issue 48's relay p99).
    const [one, two] = [contextFor(null), contextFor(null)]
    expect(Object.getOwnPropertyDescriptor(one, 'identity')).toBeUndefined()
    expect(Object.getPrototypeOf(one)).toBe(Object.getPrototypeOf(two))
  })
})
