import { findSourcedExecution, type ExecutionReport } from '../../api'
import { useQueryCacheSelector } from '../../lib/useQueryCacheSelector'

/** The execution as the cache last reported it, with where it came from, kept current as the cache changes. */
export function useCachedExecution(id: string): ExecutionReport | undefined {
  return useQueryCacheSelector((client) => findSourcedExecution(client, id))
}
