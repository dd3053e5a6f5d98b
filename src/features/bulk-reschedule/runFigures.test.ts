import { describe, expect, it } from 'vitest'
import type { Execution } from '../../api'
import { setCsv } from './runFigures'

describe('the set a bulk run acts on, as a file', () => {
  it('has one formula-safe line per execution, as counted', () => {
    const executions = [
      { id: 'e-1', state: 'failed', created_at: '2026-11-25T10:00:00Z', updated_at: '2026-11-25T10:05:00Z' },
      { id: '=cmd', state: 'failed', created_at: '2026-11-25T10:01:00Z', updated_at: '2026-11-25T10:06:00Z' },
    ] as Execution[]
    const lines = setCsv(executions)
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
    expect(lines).toEqual([
      'id,state,created_at,updated_at',
      'e-1,failed,2026-11-25T10:00:00Z,2026-11-25T10:05:00Z',
      "'=cmd,failed,2026-11-25T10:01:00Z,2026-11-25T10:06:00Z",
    ])
  })
})
