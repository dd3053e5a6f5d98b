import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { TRUST_NO_PROXY } from '../http/origin.ts'
import { identify, NO_IDENTITY_SETTINGS } from './identity.ts'
import { createRescheduleGuard } from './rescheduleGuard.ts'
import type { AuditTrail } from './trail.ts'

const request = { headers: {}, socket: { remoteAddress: '10.0.0.7' } } as unknown as IncomingMessage
const credentials = { authorization: 'Bearer s3cret-token', source: 'server' as const }
/** A reschedule of e1 by the server's token, from 10.0.0.7: who it is, as the request's context works it out. */
const rescheduleOf = (body: Buffer) => ({
  req: request,
  who: identify(request, credentials, TRUST_NO_PROXY, NO_IDENTITY_SETTINGS),
  credentials,
  executionId: 'e1',
  body,
  requestId: 'r1',
  upstream: 'x',
})

describe('the reschedule guard', () => {
  it('sends nothing when the intent cannot be written', async () => {
    const trail = { begin: () => Promise.reject(new Error('disk full')) } as unknown as AuditTrail
    const guard = createRescheduleGuard({ trail })
    const decision = await guard.begin(rescheduleOf(Buffer.from('{}')))
    expect(decision).toMatchObject({ kind: 'refused', status: 503, code: 'store_unavailable' })
  })

  it('never writes the token into the trail, even from a body that holds it', async () => {
    const written: unknown[] = []
    const trail = {
      begin: (entry: unknown) => {
        written.push(entry)
        return Promise.resolve('id')
      },
      complete: () => Promise.resolve(),
    } as unknown as AuditTrail
    const guard = createRescheduleGuard({ trail })
    await guard.begin(rescheduleOf(Buffer.from('{"note":"s3cret-token"}')))
    expect(JSON.stringify(written)).not.toContain('s3cret-token')
    expect(written[0]).toMatchObject({ user: 'server token (10.0.0.7)', via: 'server token' })
  })
})
