import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { RunningDemoApi } from './index.ts'
import { startTestApi } from './testClient.ts'
import type { DemoClient } from './testClient.ts'

let api: RunningDemoApi
let client: DemoClient

beforeAll(async () => {
  ;({ api, client } = await startTestApi({ executionCount: 60 }))
})
afterAll(() => api.close())
beforeEach(async () => {
  await client.control('POST', '/reset')
})

const useReadings = (readings: object) => client.control('PUT', '/readings', readings)

describe('switchable readings of the spec', () => {
  it.each([
    [
      'top-level',
      200,
      (json: unknown) => expect(json).toMatchObject({ id: 'exec-000010', state: 'created' }),
    ],
    ['202', 202, (json: unknown) => expect(json).toEqual({ status: 'accepted' })],
    ['204', 204, (json: unknown) => expect(json).toBeUndefined()],
    [
      'new-execution',
      200,
      (json: unknown) => expect(json).toMatchObject({ data: { id: 'exec-000010-rerun' } }),
    ],
  ])('answers a reschedule as %s', async (rescheduleAnswer, status, check) => {
    await useReadings({ rescheduleAnswer })
    const answer = await client.reschedule('exec-000010', { schedule_for: true })
    expect(answer.status).toBe(status)
    check(answer.json)
  })

  it('spells states in upper case and understands filters spelled so', async () => {
    await useReadings({ stateSpelling: 'upper' })
    const page = await client.listExecutions({ page: { first: 100 }, filters: { states: ['SUCCEEDED'] } })
    expect(page.json.data.length).toBeGreaterThan(0)
    expect(new Set(page.json.data.map((execution) => execution.state))).toEqual(new Set(['SUCCEEDED']))
  })

  it('counts reschedules per id, and reset goes back to the spec reading', async () => {
    await useReadings({ rescheduleAnswer: '204' })
    await client.reschedule('exec-000010', { schedule_for: true })
    await client.reschedule('exec-000010', { schedule_for: true })
    const stats = await client.control('GET', '/stats')
    expect(stats.json).toMatchObject({ reschedules_by_id: { 'exec-000010': 2 } })
    await client.control('POST', '/reset')
    expect((await client.control('GET', '/readings')).json).toEqual({
      rescheduleAnswer: 'spec',
      stateSpelling: 'spec',
    })
  })

  it('refuses an unknown reading with 400', async () => {
    expect((await useReadings({ rescheduleAnswer: 'maybe' })).status).toBe(400)
  })
})
