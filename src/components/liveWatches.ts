import type { QueryClient } from '@tanstack/react-query'
import { readNotice, readWatchList, watchKeys, type WatchNotice } from '../api/watches'
import { sessionSlice, type ClientStore } from '../lib/clientStore'

/** Notices kept for the watch feature to take in (it may load after the stream has opened). */
const KEPT = 50

export interface LiveWatches {
  /** The watch feature wants the watches on the tab's stream even while live refresh is off. */
  wanted: boolean
  /** Notices heard on the stream, oldest first, at most KEPT. */
  notices: WatchNotice[]
  /** The notice sequence heard up to: a stream opened again resumes after it, so none is missed. */
  heard: number | null
}

/**
 * The watches' part of the tab's one stream (liveFeed.ts): the watch feature (features/watch) says it wants them and
 * takes the notices in; the stream puts the list of watches in the query cache and the notices here. This sign-in's:
 * sign-out forgets them.
 */
export const liveWatchesSlice = sessionSlice<LiveWatches>('live-watches', () => ({
  wanted: false,
  notices: [],
  heard: null,
}))

/** An event's data, read as JSON (undefined when it does not read). */
export function parse(text: unknown): unknown {
  try {
    return typeof text === 'string' ? (JSON.parse(text) as unknown) : undefined
  } catch {
    return undefined
  }
}

const sequenceOf = (event: MessageEvent) => {
  const seq = Number(event.lastEventId === '' ? NaN : event.lastEventId)
  return Number.isSafeInteger(seq) && seq >= 0 ? seq : null
}

function heardUpTo(store: ClientStore, seq: number | null) {
  if (seq !== null && seq > (store.get(liveWatchesSlice).heard ?? -1))
    store.set(liveWatchesSlice, (state) => ({ ...state, heard: seq }))
}

/** The stream's `watches` (into the query cache) and `notice` events (into liveWatchesSlice). */
export function listenForWatches(source: EventSource, client: QueryClient, store: ClientStore) {
  source.addEventListener('watches', (event: MessageEvent) => {
    const read = readWatchList(parse(event.data))
    if (read.ok) client.setQueryData(watchKeys.all, read.value)
    heardUpTo(store, sequenceOf(event))
  })
  source.addEventListener('notice', (event: MessageEvent) => {
    const notice = readNotice(parse(event.data))
    if (notice && !store.get(liveWatchesSlice).notices.some((kept) => kept.seq === notice.seq))
      store.set(liveWatchesSlice, (state) => ({ ...state, notices: [...state.notices, notice].slice(-KEPT) }))
    heardUpTo(store, sequenceOf(event))
  })
}
