import { describe, expect, it } from 'vitest'
import { parseDemoRecent, parseDemoSize, resolveOptions } from './options.ts'
import { resolveUpstream } from '../resolveUpstream.ts'

describe('demo size', () => {
  it('reads --size / DEMO_API_SIZE and refuses what is not a size', () => {
    expect(parseDemoSize(undefined)).toBeUndefined()
    expect(parseDemoSize(' ')).toBeUndefined()
    expect(parseDemoSize('5000')).toBe(5000)
    for (const bad of ['2', '1.5', 'lots', '1000001', '-4'])
      expect(() => parseDemoSize(bad)).toThrow(/demo size/)
  })

  it('reads --recent and refuses fewer than the special executions', () => {
    expect(parseDemoRecent(undefined)).toBeUndefined()
    expect(parseDemoRecent('2000')).toBe(2000)
    for (const bad of ['3', '1.5', 'many']) expect(() => parseDemoRecent(bad)).toThrow(/recent executions/)
  })

  it('seeds the built-in demo with DEMO_API_SIZE executions', async () => {
    const upstream = await resolveUpstream({ DEMO_API_SIZE: '7', DEMO_API_FROZEN: '1' })
    try {
      const base = upstream.config.baseUrl.href.replace(/\/$/, '')
      const response = await fetch(`${base}/executions`, {
        method: 'GET',
        headers: { Authorization: `Bearer ${upstream.config.token ?? ''}` },
      })
      const page = (await response.json()) as {
        data: { id: string }[]
        page_info: { has_next_page: boolean }
      }
      expect(page.data).toHaveLength(7)
      expect(page.page_info.has_next_page).toBe(false)
      // The built-in demo of `npm run dev` / `npm start -- --demo` reschedules (it answered 500 before the fix).
      const id = page.data
        .map((execution) => execution.id)
        .find((candidate) => candidate.startsWith('exec-0'))
      const rescheduled = await fetch(`${base}/executions/${encodeURIComponent(id ?? '')}/schedule`, {
        method: 'PATCH',
        headers: {
          Authorization: `Bearer ${upstream.config.token ?? ''}`,
          'Content-Type': 'application/json',
        },
        body: '{"schedule_for":true}',
      })
      expect(rescheduled.status).toBe(200)
    } finally {
      await upstream.close()
    }
  })
})

describe('demo readings from the command line', () => {
  it('an unset flag keeps the spec’s reading (an explicit undefined used to break every reschedule)', () => {
    expect(
      resolveOptions({ readings: { rescheduleAnswer: undefined, stateSpelling: undefined } }).readings,
    ).toEqual({
      rescheduleAnswer: 'spec',
      stateSpelling: 'spec',
    })
  })
})
