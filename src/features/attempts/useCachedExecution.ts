import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useRef, useSyncExternalStore } from 'react'
import { findSourcedExecution, type SourcedExecution } from '../../api'

/** The execution as the cache last reported it, with its source, kept current as the cache changes. */
export function useCachedExecution(id: string): SourcedExecution | undefined {
  const queryClient = useQueryClient()
  const lastRef = useRef<SourcedExecution | undefined>(undefined)
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  )
  // The same report reads as the same object, so React sees no change where there is none.
  const read = useCallback(() => {
    const found = findSourcedExecution(queryClient, id)
    const last = lastRef.current
    if (
      found &&
      last &&
      found.execution === last.execution &&
      found.source === last.source &&
      found.receivedAt === last.receivedAt
    ) {
      return last
    }
    lastRef.current = found
    return found
  }, [queryClient, id])
  return useSyncExternalStore(subscribe, read, read)
}
