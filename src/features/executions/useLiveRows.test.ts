import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Execution } from '../../api'
import { useLiveRows } from './useLiveRows'

const row = (id: string, state = 'started'): Execution => ({
  id,
  state,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
})

function setup(reading: { value: boolean }) {
  return renderHook(({ key, rows }) => useLiveRows(key, rows, () => !reading.value), {
    initialProps: { key: 'view', rows: [row('a'), row('b')] as readonly Execution[] | undefined },
  })
}

describe('useLiveRows', () => {
  it('holds arrivals back while the list is read, and Show adds them', () => {
    const reading = { value: true }
    const { result, rerender } = setup(reading)
    rerender({ key: 'view', rows: [row('new'), row('a', 'failed'), row('b')] })
    expect(result.current.rows?.map((r) => r.id)).toEqual(['a', 'b'])
    expect(result.current.held).toBe(1)
    expect([...result.current.changed]).toEqual(['a'])
    act(() => result.current.showHeld())
    expect(result.current.rows?.map((r) => r.id)).toEqual(['new', 'a', 'b'])
    expect(result.current.held).toBe(0)
  })

  it('lets arrivals flow in when nobody reads, and a new view shows everything', () => {
    const reading = { value: false }
    const { result, rerender } = setup(reading)
    rerender({ key: 'view', rows: [row('new'), row('a'), row('b')] })
    expect(result.current.held).toBe(0)
    expect(result.current.rows).toHaveLength(3)
    reading.value = true
    rerender({ key: 'other view', rows: [row('x'), row('y')] })
    expect(result.current.rows?.map((r) => r.id)).toEqual(['x', 'y'])
    expect(result.current.changed.size).toBe(0)
  })
})
