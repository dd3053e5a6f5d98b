import { queryOptions } from '@tanstack/react-query'
import type { Watch, WatchList, WatchNotice, WatchThreshold } from '../../shared/watches'
import { callRoute } from './route'
import { readerOf } from '../../shared/readerOf'
import { isRecord, notRead, type ReadResult } from '../../shared/readResult'

export type { Watch, WatchList, WatchNotice, WatchThreshold } from '../../shared/watches'

export const watchKeys = {
  all: ['watches'] as const,
  /** The mutations that add or stop a watch, so the list can tell which executions have one on the way. */
  changes: ['watches', 'change'] as const,
}

/** One watch as the server sent it; one that does not read is left out (the rest still show). */
function readWatch(value: unknown): Watch | null {
  if (!isRecord(value)) return null
  const fine =
    typeof value.id === 'string' &&
    (value.kind === 'execution' || value.kind === 'view') &&
    typeof value.label === 'string' &&
    (value.seen === null || isRecord(value.seen))
  return fine ? (value as unknown as Watch) : null
}

export function readWatchList(payload: unknown): ReadResult<WatchList> {
  if (!isRecord(payload) || !Array.isArray(payload.watches)) return notRead('expected the list of watches')
  const watches = payload.watches.map(readWatch).filter((watch) => watch !== null)
  return { ok: true, value: { watches, webhook: payload.webhook === true } }
}

/** A notice from the stream, or null when it does not read. */
export function readNotice(payload: unknown): WatchNotice | null {
  if (!isRecord(payload)) return null
  return typeof payload.seq === 'number' &&
    typeof payload.title === 'string' &&
    typeof payload.body === 'string' &&
    typeof payload.at === 'number'
    ? (payload as unknown as WatchNotice)
    : null
}

/** The user's watches; the watch stream keeps the cached answer current, so it is asked for once. */
export const watchesQuery = () =>
  queryOptions({
    queryKey: watchKeys.all,
    queryFn: ({ signal }) => callRoute('watches', { read: readWatchList, signal }),
    staleTime: Infinity,
    retry: false,
  })

export type NewWatch =
  | { kind: 'execution'; executionId: string }
  | { kind: 'view'; view: string; label: string; threshold: WatchThreshold }

export const addWatch = (watch: NewWatch) =>
  callRoute('addWatch', {
    body: watch,
    read: readerOf(readWatch, 'expected a watch'),
  })

export const stopWatch = (id: string) =>
  callRoute('stopWatch', {
    body: { id },
    read: (payload) => ({ ok: true, value: payload }),
  })
