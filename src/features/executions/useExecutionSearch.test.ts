import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useExecutionSearch } from './useExecutionSearch'

afterEach(() => window.history.replaceState(null, '', '/'))

describe('useExecutionSearch', () => {
  it('keeps the same actions while the URL changes, and each action builds on the URL of the moment', () => {
    window.history.replaceState(null, '', '/?state=failed')
    const { result } = renderHook(() => useExecutionSearch())
    const [, actions] = result.current

    // Two filter changes before any render: the second keeps the first.
    act(() => {
      actions.addMetadata({ key: 'env', values: ['prod'] })
      actions.addMetadata({ key: 'team', values: ['data'] })
    })
    const [search, actionsAfter] = result.current
    expect(actionsAfter).toBe(actions)
    expect(search.states).toEqual(['failed'])
    expect(search.metadata).toEqual([
      { key: 'env', values: ['prod'] },
      { key: 'team', values: ['data'] },
    ])

    act(() => actions.goNext('cursor-1'))
    expect(result.current[0].after).toBe('cursor-1')
    act(() => actions.removeState('failed'))
    expect(result.current[0]).toMatchObject({ states: [], after: null })
  })
})
