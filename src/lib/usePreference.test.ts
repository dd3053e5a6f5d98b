import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { usePreference } from './usePreference'

afterEach(() => window.localStorage.clear())

describe('usePreference', () => {
  it('follows a change made in another tab', () => {
    const { result } = renderHook(() => usePreference('theme', ['light', 'dark', 'system'], 'system'))
    expect(result.current[0]).toBe('system')
    act(() => {
      window.localStorage.setItem('execution-dashboard:theme', 'dark')
      window.dispatchEvent(new StorageEvent('storage', { key: 'execution-dashboard:theme' }))
    })
    expect(result.current[0]).toBe('dark')
  })

  it('reads a value it does not allow as the default', () => {
    window.localStorage.setItem('execution-dashboard:theme', 'neon')
    const { result } = renderHook(() => usePreference('theme', ['light', 'dark'], 'light'))
    expect(result.current[0]).toBe('light')
  })
})
