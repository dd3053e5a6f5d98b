import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { RunningDemoApi } from './index.ts'
import type { ExecutionJson } from './model.ts'
import { createClock, startTestApi } from './testClient.ts'
import type { DemoClient, ErrorJson } from './testClient.ts'

const clock = createClock()
let api: RunningDemoApi
let client: DemoClient

beforeAll(async () => {
  ;({ api, client } = await startTestApi({ now: clock.now, executionCount: 300 }))
})
afterAll(() => api.close())
beforeEach(async () => {
  await client.control('POST', '/reset')
})

async function findExecution(id: string): Promise<ExecutionJson> {
  const found = (await client.allExecutions()).find((execution) => execution.id === id)
  if (!found) throw new Error(`no ${id}`)
  return found
}

describe('reschedule', () => {
  it('puts the execution back to created and bumps updated_at', async () => {
    const before = await findExecution('exec-000100')
    clock.advance(60_000)
    const { status, json } = await client.reschedule('exec-000100', { schedule_for: true })
    expect(status).toBe(200)
    expect(json.data).toEqual({
      ...before,
      state: 'created',
      updated_at: new Date(clock.now()).toISOString(),
    })
    expect(await findExecution('exec-000100')).toEqual(json.data)
  })

  it('returns the execution unchanged for schedule_for false', async () => {
    const before = await findExecution('exec-000100')
    clock.advance(60_000)
    const { status, json } = await client.reschedule('exec-000100', { schedule_for: false })
    expect(status).toBe(200)
    expect(json.data).toEqual(before)
  })

  it('always refuses exec-locked with 409', async () => {
    for (const scheduleFor of [true, false]) {
      const { status, json } = await client.reschedule('exec-locked', { schedule_for: scheduleFor })
      expect(status).toBe(409)
      expect(json as unknown as ErrorJson).toEqual({
        error: {
          code: 'conflict',
          message: 'Execution exec-locked is locked by a running deployment and cannot be rescheduled',
        },
      })
    }
    expect((await findExecution('exec-locked')).state).toBe('started')
  })

  it('handles the id with a slash, a space and a hash', async () => {
    const { json: attempts } = await client.listAttempts('job/2026 #1')
    expect(attempts.data).toHaveLength(3)
    expect(attempts.data.every((attempt) => attempt.state === 'failed')).toBe(true)

    const { status, json } = await client.reschedule('job/2026 #1', { schedule_for: true })
    expect(status).toBe(200)
    expect(json.data).toMatchObject({ id: 'job/2026 #1', state: 'created' })
  })

  it('is followed by a new started attempt once the simulation picks it up', async () => {
    clock.advance(1_000)
    await client.reschedule('job/2026 #1', { schedule_for: true })
    clock.advance(1_000)
    for (let tick = 0; tick < 50 && (await findExecution('job/2026 #1')).state === 'created'; tick++) {
      await client.control('POST', '/simulation/tick')
    }
    const { json } = await client.listAttempts('job/2026 #1')
    expect(json.data).toHaveLength(4)
    expect(json.data[0]).toMatchObject({ state: 'started', created_at: new Date(clock.now()).toISOString() })
  })

  it('closes a running attempt as failed when rescheduling a started execution', async () => {
    const started = (await client.allExecutions({ states: ['started'] })).find((e) => e.id !== 'exec-locked')
    if (!started) throw new Error('no started execution')
    await client.reschedule(started.id, { schedule_for: true })
    const { json } = await client.listAttempts(started.id)
    expect(json.data.every((attempt) => attempt.state !== 'started')).toBe(true)
  })
})
