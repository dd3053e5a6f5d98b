import type { QueryClient } from '@tanstack/react-query'
import { executionKeys, readMetadata, type ExecutionList } from '../../../api'
import { useQueryCacheSelector } from '../../../lib/useQueryCacheSelector'

/** Metadata keys with their values, sorted, from every execution page in the cache. */
export type MetadataSuggestions = Record<string, string[]>

export function metadataSuggestions(client: QueryClient): MetadataSuggestions {
  const suggestions = new Map<string, Set<string>>()
  for (const [, page] of client.getQueriesData<ExecutionList>({ queryKey: executionKeys.lists() })) {
    for (const execution of page?.data ?? []) {
      for (const [key, value] of Object.entries(readMetadata(execution))) {
        const values = suggestions.get(key) ?? new Set<string>()
        values.add(value)
        suggestions.set(key, values)
      }
    }
  }
  const keys = [...suggestions.keys()].sort()
  return Object.fromEntries(keys.map((key) => [key, [...(suggestions.get(key) ?? [])].sort()]))
}

/** What has been seen so far, kept current: pages prefetched later add their values at once. */
export function useMetadataSuggestions(): MetadataSuggestions {
  return useQueryCacheSelector(metadataSuggestions)
}
