import { afterEach, describe, expect, it } from 'vitest'
import { listExecutions, rescheduleExecution } from '../api'
import { installFakeApi, specPage, type InstalledFakeApi } from './fakeApi'

let installed: InstalledFakeApi | null = null
afterEach(() => installed?.restore())

describe('installFakeApi', () => {
  it('undoes the method override and records the real method, path and body', async () => {
    installed = installFakeApi(() => ({ status: 200, body: specPage([]) }))
    await listExecutions({ first: 5 })
    expect(installed.requests).toEqual([{ method: 'GET', path: '/executions', body: { page: { first: 5 } } }])
  })

  it('answers with the status and body the fake API chose', async () => {
    installed = installFakeApi(() => ({ status: 409, body: { message: 'locked' } }))
    await expect(rescheduleExecution('x')).rejects.toMatchObject({ status: 409, message: 'locked' })
    expect(installed.requests[0]?.method).toBe('PATCH')
  })
})
