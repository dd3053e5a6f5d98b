import type { QueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { executionKeys, metadataFilterPairs, type Execution, type ExecutionList } from '../../../api'
import { useQueryCacheSelector } from '../../../lib/useQueryCacheSelector'

/** Metadata keys with their values, sorted, from every execution page in the cache. */
export type MetadataSuggestions = Record<string, string[]>

/** What was read: each page's pairs by its rows, and the last answer with the pages it came from. */
interface Reading {
  pairs: WeakMap<readonly Execution[], [key: string, value: string][]>
  last: { pages: (readonly Execution[])[]; suggestions: MetadataSuggestions } | null
}

const samePages = (a: readonly (readonly Execution[])[], b: readonly (readonly Execution[])[]) =>
  a.length === b.length && a.every((rows, index) => rows === b[index])

/**
 * The suggestions, reading each page's rows once: a cache event (every refresh sends several) asks again, and the
 * query cache keeps a page's rows the same array while they do not change, so a refresh that changes nothing reads
 * no row again and answers the last suggestions.
 */
export function metadataSuggestions(
  client: QueryClient,
  reading: Reading = { pairs: new WeakMap(), last: null },
): MetadataSuggestions {
  const pages = client
    .getQueriesData<ExecutionList>({ queryKey: executionKeys.lists() })
    .map(([, page]) => page?.data ?? [])
  if (reading.last && samePages(reading.last.pages, pages)) return reading.last.suggestions
  const suggestions = new Map<string, Set<string>>()
  for (const rows of pages) {
    let pairs = reading.pairs.get(rows)
    if (!pairs) {
      pairs = rows.flatMap(metadataFilterPairs)
      reading.pairs.set(rows, pairs)
    }
    for (const [key, value] of pairs) {
      const values = suggestions.get(key) ?? new Set<string>()
      values.add(value)
      suggestions.set(key, values)
    }
  }
  const keys = [...suggestions.keys()].sort()
  const answer = Object.fromEntries(keys.map((key) => [key, [...(suggestions.get(key) ?? [])].sort()]))
  reading.last = { pages, suggestions: answer }
  return answer
}

/** What has been seen so far, kept current: pages prefetched later add their values at once. */
export function useMetadataSuggestions(): MetadataSuggestions {
  const select = useMemo(() => {
    const reading: Reading = { pairs: new WeakMap(), last: null }
    return (client: QueryClient) => metadataSuggestions(client, reading)
  }, [])
  return useQueryCacheSelector(select)
}
