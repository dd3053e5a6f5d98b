import { act } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ListParams } from '../api'
import { watchKeys, type WatchNotice } from '../api/watches'
import { renderWithProviders } from '../test/renderWithProviders'
import { useLiveFeed } from './liveFeed'
import { liveWatchesSlice } from './liveWatches'
import { FakeEventSource } from '../test/fakeEventSource'

const params: ListParams = { first: 20, after: null, states: ['failed'], metadata: [] }
const notice = (seq: number): WatchNotice => ({
  seq,
  watchId: 'w1',
  at: 1,
  title: `Watched execution e-1: started → failed (${seq})`,
  body: 'e-1',
  changes: 1,
  executionId: 'e-1',
})

function Probe({ every }: { every: number | false }) {
  useLiveFeed(params, every)
  return null
}

let visibility: DocumentVisibilityState = 'visible'
const setVisibility = (state: DocumentVisibilityState) =>
  act(() => {
    visibility = state
    document.dispatchEvent(new Event('visibilitychange'))
  })
const open = () => FakeEventSource.opened.filter((source) => !source.closed)
const queryOf = (source: FakeEventSource | undefined) =>
  Object.fromEntries(new URL(source?.url ?? '', 'http://x').searchParams)

beforeEach(() => {
  FakeEventSource.opened = []
  visibility = 'visible'
  vi.stubGlobal('EventSource', FakeEventSource)
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility)
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('the watches on the tab’s one stream', () => {
  it('carries the watches on the view’s stream, and resumes after the last notice once shown again', () => {
    const { queryClient, store } = renderWithProviders(<Probe every={10_000} />)
    expect(open()).toHaveLength(1)
    const [first] = open()
    expect(queryOf(first)).toMatchObject({ state: 'failed', every: '10', watches: '1' })
    expect(queryOf(first)).not.toHaveProperty('notices_after')
    // The watches come first, with the sequence heard up to as their id.
    first?.emit('watches', { watches: [], webhook: false }, '7')
    expect(queryClient.getQueryData(watchKeys.all)).toEqual({ watches: [], webhook: false })
    first?.emit('notice', notice(9), '9')
    first?.emit('notice', notice(9), '9')
    expect(store.get(liveWatchesSlice).notices.map((kept) => kept.seq)).toEqual([9])

    // Hidden, the tab holds no stream; shown again, it says what it heard.
    setVisibility('hidden')
    expect(open()).toEqual([])
    setVisibility('visible')
    expect(open()).toHaveLength(1)
    expect(queryOf(open()[0])).toMatchObject({ state: 'failed', watches: '1', notices_after: '9' })
  })

  it('carries the watches alone while refresh is off and the watch feature wants them', () => {
    const { store } = renderWithProviders(<Probe every={false} />)
    expect(open()).toEqual([])
    act(() => {
      store.set(liveWatchesSlice, (state) => ({ ...state, wanted: true }))
    })
    expect(open()).toHaveLength(1)
    expect(queryOf(open()[0])).toEqual({ view: '0', watches: '1' })
    setVisibility('hidden')
    expect(open()).toEqual([])
  })

  it('keeps the stream of the browser’s keeper tab while hidden', async () => {
    const granted: (() => Promise<void>)[] = []
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: {
        request: (_name: string, _options: unknown, take: () => Promise<void>) => {
          granted.push(take)
          return take()
        },
      },
    })
    const { store } = renderWithProviders(<Probe every={10_000} />)
    act(() => {
      store.set(liveWatchesSlice, (state) => ({ ...state, wanted: true }))
    })
    await vi.waitFor(() => expect(granted).toHaveLength(1))
    const [first] = open()
    setVisibility('hidden')
    // The same stream, not another: a hidden tab asks nothing.
    expect(open()).toEqual([first])
    expect(FakeEventSource.opened).toHaveLength(1)
  })
})
