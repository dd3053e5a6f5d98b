import { useQueryClient } from '@tanstack/react-query'
import { executionKeys, readMetadata, type ExecutionList } from '../../api'

/** Metadata keys and their values from every execution page in the cache: what has been seen so far. */
export function useMetadataSuggestions(): Map<string, Set<string>> {
  const queryClient = useQueryClient()
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
}
