import { act, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { executionListQuery, overviewKeys, type ListParams } from '../api'
import { renderWithProviders } from '../test/renderWithProviders'
import { useLiveFeed } from './liveFeed'
import { FakeEventSource } from '../test/fakeEventSource'

const params: ListParams = { first: 20, after: null, states: ['failed'], metadata: [] }

function Probe({ every }: { every: number | false }) {
  return <p>status {useLiveFeed(params, every)}</p>
}

beforeEach(() => {
  FakeEventSource.opened = []
  vi.stubGlobal('EventSource', FakeEventSource)
})
afterEach(() => vi.unstubAllGlobals())

describe('useLiveFeed', () => {
  it('opens one stream for the view and puts its list pages and overviews in the cache', async () => {
    const { queryClient } = renderWithProviders(<Probe every={10_000} />)
    expect(FakeEventSource.opened).toHaveLength(1)
    const [source] = FakeEventSource.opened
    if (!source) throw new Error('no stream')
    const url = new URL(source.url, 'http://x')
    expect(url.pathname).toBe('/api/live')
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      state: 'failed',
      size: '20',
      every: '10',
      initial: '0',
    })
    await screen.findByText('status connecting')
    act(() => source.onopen?.())
    await screen.findByText('status live')

    const row = {
      id: 'e1',
      state: 'failed',
      created_at: '2026-11-20T10:00:00Z',
      updated_at: '2026-11-20T10:00:00Z',
    }
    act(() => source.emit('list', { at: 1, page: { data: [row], page_info: { has_next_page: false } } }))
    expect(queryClient.getQueryData(executionListQuery(params).queryKey)?.data).toEqual([row])
    act(() => source.emit('overview', { total: 1 }))
    expect(
      queryClient.getQueryData(
        overviewKeys.of({ states: ['failed'], metadata: [] }, { kind: 'any', field: 'created' }),
      ),
    ).toEqual({ total: 1 })

    // A stream the server refused for good: the tab polls, and says so.
    source.readyState = FakeEventSource.CLOSED
    act(() => source.onerror?.())
    await screen.findByText('status polling')
  })

  it('never trades the page on screen for one the server asked the API for before it', () => {
    const { queryClient } = renderWithProviders(<Probe every={10_000} />)
    const [source] = FakeEventSource.opened
    if (!source) throw new Error('no stream')
    const key = executionListQuery(params).queryKey
    const page = (id: string) => ({
      data: [{ id, state: 'failed', created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z' }],
      page_info: { has_next_page: false },
    })
    // The tab's own read (Refresh now) was asked for a second ago.
    queryClient.setQueryData(key, { ...page('mine'), askedAt: Date.now() - 1_000 })
    act(() => source.emit('list', { at: 1, age: 5_000, page: page('older') }))
    expect(queryClient.getQueryData(key)?.data[0]?.id).toBe('mine')
    act(() => source.emit('list', { at: 2, age: 0, page: page('newer') }))
    expect(queryClient.getQueryData(key)?.data[0]?.id).toBe('newer')
  })

  it('closes its stream while the tab is hidden, and opens one again when it is shown', async () => {
    let state: DocumentVisibilityState = 'visible'
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => state)
    renderWithProviders(<Probe every={10_000} />)
    const [first] = FakeEventSource.opened
    if (!first) throw new Error('no stream')
    act(() => {
      state = 'hidden'
      document.dispatchEvent(new Event('visibilitychange'))
    })
    expect(first.closed).toBe(true)
    await screen.findByText('status off')
    act(() => {
      state = 'visible'
      document.dispatchEvent(new Event('visibilitychange'))
    })
    expect(FakeEventSource.opened).toHaveLength(2)
    expect(FakeEventSource.opened[1]?.closed).toBe(false)
    visibility.mockRestore()
  })

  it('opens nothing while live refresh is off', async () => {
    renderWithProviders(<Probe every={false} />)
    await screen.findByText('status off')
    expect(FakeEventSource.opened).toHaveLength(0)
  })
})
