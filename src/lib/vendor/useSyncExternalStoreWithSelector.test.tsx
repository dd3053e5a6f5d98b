import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useSyncExternalStoreWithSelector } from './useSyncExternalStoreWithSelector'

function store<T>(initial: T) {
  let value = initial
  const listeners = new Set<() => void>()
  return {
    get: () => value,
    set: (next: T) => {
      value = next
      for (const listener of listeners) listener()
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

describe('useSyncExternalStoreWithSelector', () => {
  it('re-renders with a new selection, and keeps the old one while isEqual says it is the same', () => {
    const source = store({ count: 1, other: 'a' })
    const select = (state: { count: number; other: string }) => ({ double: state.count * 2 })
    const sameDouble = (a: { double: number }, b: { double: number }) => a.double === b.double
    let hookCalls = 0
    const { result } = renderHook(() => {
      hookCalls += 1
      return useSyncExternalStoreWithSelector(source.subscribe, source.get, undefined, select, sameDouble)
    })
    const first = result.current
    expect(first).toEqual({ double: 2 })

    act(() => source.set({ count: 1, other: 'b' }))
    expect(result.current).toBe(first)
    const callsBefore = hookCalls

    act(() => source.set({ count: 2, other: 'b' }))
    expect(result.current).toEqual({ double: 4 })
    expect(hookCalls).toBe(callsBefore + 1)
  })
})
