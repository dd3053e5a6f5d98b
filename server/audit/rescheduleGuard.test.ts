import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { TRUST_NO_PROXY } from '../http/origin.ts'
import { NO_IDENTITY_SETTINGS } from './identity.ts'
import { createRescheduleGuard } from './rescheduleGuard.ts'
import type { AuditTrail } from './trail.ts'

const request = { headers: {}, socket: { remoteAddress: '10.0.0.7' } } as unknown as IncomingMessage
const credentials = { authorization: 'Bearer s3cret-token', source: 'server' as const }

describe('the reschedule guard', () => {
  it('sends nothing when the intent cannot be written', async () => {
    const trail = { begin: () => Promise.reject(new Error('disk full')) } as unknown as AuditTrail
    const guard = createRescheduleGuard({
      trail,
      identity: NO_IDENTITY_SETTINGS,
      trust: TRUST_NO_PROXY,
      upstream: () => 'x',
    })
    const decision = await guard(request, credentials, 'e1', Buffer.from('{}'), 'r1')
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
    const guard = createRescheduleGuard({
      trail,
      identity: NO_IDENTITY_SETTINGS,
      trust: TRUST_NO_PROXY,
      upstream: () => 'x',
    })
    await guard(request, credentials, 'e1', Buffer.from('{"note":"s3cret-token"}'), 'r1')
    expect(JSON.stringify(written)).not.toContain('s3cret-token')
    expect(written[0]).toMatchObject({ user: 'server token (10.0.0.7)', via: 'server token' })
  })
})
