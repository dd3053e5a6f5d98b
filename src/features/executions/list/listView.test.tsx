import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useListView } from './listView'

afterEach(() => window.history.replaceState(null, '', '/'))

describe('the list’s view in the URL', () => {
  it('keeps the same actions while the URL changes, and each action builds on the URL of the moment', () => {
    window.history.replaceState(null, '', '/?state=failed')
    const { result } = renderHook(() => useListView())
    const { actions } = result.current

    // Two filter changes before any render: the second keeps the first.
    act(() => {
      actions.addMetadata({ key: 'env', values: ['prod'] })
      actions.addMetadata({ key: 'team', values: ['data'] })
      actions.addMetadata({ key: 'env', values: ['staging', 'prod'] })
    })
    expect(result.current.actions).toBe(actions)
    expect(result.current.view.states).toEqual(['failed'])
    expect(result.current.view.metadata).toEqual([
      { key: 'env', values: ['prod', 'staging'] },
      { key: 'team', values: ['data'] },
    ])

    act(() => actions.moveTo({ after: 'cursor-1', trail: [''] }))
    expect(result.current.view.after).toBe('cursor-1')
    act(() => actions.removeState('failed'))
    expect(result.current.view).toMatchObject({ states: [], after: null })
    act(() => actions.removeMetadata('team'))
    act(() => actions.setStates(['started']))
    act(() => actions.setPageSize(50))
    expect(window.location.search).toBe('?state=started&m.env=prod&m.env=staging&size=50')
    act(() => actions.clearFilters())
    expect(result.current.view).toMatchObject({ states: [], metadata: [], size: 50 })
  })

  it('says which of a link’s filters it could not use', () => {
    window.history.replaceState(null, '', '/?m.env=')
    const { result } = renderHook(() => useListView())
    expect(result.current.problems).toEqual(['a metadata filter needs a key and a value'])
  })
})
