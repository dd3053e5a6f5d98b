import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Execution } from '../../../api'
import { durationCell } from './durationCell'

const row = (state: string, created: string, updated: string): Execution => ({
  id: 'e1',
  state,
  created_at: created,
  updated_at: updated,
})

function cellText(execution: Execution) {
  render(
    <table>
      <tbody>
        <tr>{durationCell(execution)}</tr>
      </tbody>
    </table>,
  )
  return screen.getByRole('cell').textContent
}

describe('durationCell', () => {
  it('says how long a finished execution took, in any spelling of its state', () => {
    expect(cellText(row('FAILED', '2026-11-24T10:00:00Z', '2026-11-24T10:03:12Z'))).toBe('3 min 12 s')
  })

  it('says a running execution is not finished', () => {
    expect(cellText(row('started', '2026-11-24T10:00:00Z', '2026-11-24T10:03:12Z'))).toBe('–not finished')
  })

  it('says an unreadable time is not known', () => {
    expect(cellText(row('succeeded', 'yesterday', '2026-11-24T10:03:12Z'))).toBe('–not known')
  })
})
