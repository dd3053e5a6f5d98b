import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useSyncExternalStore } from 'react'
import { findCachedExecution, type Execution } from '../../api'

/** The execution as the cached list pages last reported it, kept current as the cache changes. */
export function useCachedExecution(id: string): Execution | undefined {
  const queryClient = useQueryClient()
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  )
  const read = useCallback(() => findCachedExecution(queryClient, id), [queryClient, id])
  return useSyncExternalStore(subscribe, read, read)
}
