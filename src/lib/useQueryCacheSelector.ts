import { notifyManager, replaceEqualDeep, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useCallback, useRef, useSyncExternalStore } from 'react'

/**
 * A value derived from the query cache, kept current as the cache changes. The cache's events arrive
 * through notifyManager.batchCalls, so they reach React after the render that caused them (a query created
 * while another component renders no longer updates this one in the middle of it), and many at once become
 * one update. The value keeps its identity while it is deeply equal to the last one (as query data does),
 * so return plain objects and arrays.
 */
export function useQueryCacheSelector<T>(select: (client: QueryClient) => T): T {
  const client = useQueryClient()
  const subscribe = useCallback(
    (onChange: () => void) => client.getQueryCache().subscribe(notifyManager.batchCalls(onChange)),
    [client],
  )
  const last = useRef<{ value: T } | null>(null)
  const snapshot = () => {
    const next = select(client)
    const value = last.current ? replaceEqualDeep(last.current.value, next) : next
    if (last.current?.value !== value) last.current = { value }
    return value
  }
  return useSyncExternalStore(subscribe, snapshot, snapshot)
}
