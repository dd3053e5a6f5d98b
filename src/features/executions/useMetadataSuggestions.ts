import { useQueryClient } from '@tanstack/react-query'
import { useMemo, useSyncExternalStore } from 'react'
import { executionKeys, readMetadata, type ExecutionList } from '../../api'

/**
 * Metadata keys and their values from every execution page in the cache: what has been seen so far.
 * Subscribed to the cache, so pages prefetched later add their values at once.
 */
export function useMetadataSuggestions(): Map<string, Set<string>> {
  const queryClient = useQueryClient()
  const cache = queryClient.getQueryCache()
  // The number of updates stands for "the list pages changed"; the map is rebuilt only then.
  const version = useSyncExternalStore(
    (listener) => cache.subscribe(listener),
    () => pagesVersion(queryClient.getQueriesData<ExecutionList>({ queryKey: executionKeys.lists() })),
  )
  return useMemo(() => {
    const suggestions = new Map<string, Set<string>>()
    for (const [, page] of queryClient.getQueriesData<ExecutionList>({ queryKey: executionKeys.lists() })) {
      for (const execution of page?.data ?? []) {
        for (const [key, value] of Object.entries(readMetadata(execution))) {
          const values = suggestions.get(key) ?? new Set<string>()
          values.add(value)
          suggestions.set(key, values)
        }
      }
    }
    return suggestions
    // version is what changes when the cached pages do.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version, queryClient])
}

const versions = new WeakMap<object, number>()
let nextVersion = 0

/** A number that changes whenever any cached list page is replaced (pages are immutable objects). */
function pagesVersion(entries: [unknown, ExecutionList | undefined][]): string {
  return entries
    .map(([, page]) => {
      if (!page) return 0
      if (!versions.has(page)) versions.set(page, (nextVersion += 1))
      return versions.get(page)
    })
    .join(',')
}
