import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { noteRescheduled, type Execution } from '../../api'
import { useLingeringRows } from './useLingeringRows'

const row = (id: string): Execution => ({
  id,
  state: 'failed',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
})

describe('useLingeringRows', () => {
  it('keeps a rescheduled row that a refresh dropped in its old place, until the page changes', () => {
    const before = [row('a'), row('b'), row('c')]
    const { result, rerender } = renderHook(
      ({ key, rows }: { key: string; rows: readonly Execution[] | undefined }) => useLingeringRows(key, rows),
      { initialProps: { key: 'page-1', rows: before } },
    )
    expect(result.current).toEqual([])
    noteRescheduled('b')
    rerender({ key: 'page-1', rows: [row('a'), row('c'), row('d')] })
    expect(result.current).toEqual([{ execution: before[1], index: 1 }])
    // A row that left without a reschedule (someone else's change) just goes.
    rerender({ key: 'page-1', rows: [row('a'), row('d')] })
    expect(result.current.map((lingering) => lingering.execution.id)).toEqual(['b'])
    rerender({ key: 'page-2', rows: [row('x')] })
    expect(result.current).toEqual([])
  })
})
