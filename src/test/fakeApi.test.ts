import { afterEach, describe, expect, it } from 'vitest'
import { listExecutions, rescheduleExecution } from '../api'
import { installFakeApi, specPage, type InstalledFakeApi } from './fakeApi'
import { setUpMswServer } from './mswServer'

setUpMswServer()
let installed: InstalledFakeApi | null = null
afterEach(() => installed?.restore())

describe('installFakeApi', () => {
  it('undoes the method override and records the real method, path and body', async () => {
    installed = installFakeApi(() => ({ status: 200, body: specPage([]) }))
    await listExecutions({ first: 5 })
    expect(installed.requests).toEqual([{ method: 'GET', path: '/executions', body: { page: { first: 5 } } }])
  })

  it('answers with the status and body the fake API chose, and keeps a walking id one segment', async () => {
    installed = installFakeApi(() => ({ status: 409, body: { message: 'locked' } }))
    await expect(rescheduleExecution('..')).rejects.toMatchObject({ status: 409, message: 'locked' })
    expect(installed.requests[0]).toMatchObject({ method: 'PATCH', path: '/executions/%2E%2E%/schedule' })
  })

  it('sends text as it is and no body at all for a 204', async () => {
    installed = installFakeApi(({ method }) =>
      method === 'PATCH' ? { status: 204 } : { status: 502, body: '<title>Bad gateway</title>' },
    )
    await expect(rescheduleExecution('x')).resolves.toMatchObject({ kind: 'requested', status: 204 })
    await expect(listExecutions({ first: 1 })).rejects.toMatchObject({ status: 502, message: 'Bad gateway' })
  })
})
