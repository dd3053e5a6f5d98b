import { readMetadata, stateMeaning, type Execution, type MetadataFilter } from '../../api'

/** Both known (compared by meaning) or both the same unknown spelling. */
function sameState(a: string, b: string): boolean {
  const meaning = stateMeaning(a)
  return meaning !== null ? meaning === stateMeaning(b) : a === b
}

/**
 * Whether a returned row contradicts the filters as the dashboard asked for them: states OR'ed,
 * metadata entries AND'ed, the values of one entry OR'ed. A row that carries no metadata at all
 * cannot be judged on metadata (the spec's Execution has none), so it never counts against it.
 */
export function contradictsFilters(
  execution: Execution,
  states: readonly string[],
  metadata: readonly MetadataFilter[],
): boolean {
  if (states.length > 0 && !states.some((state) => sameState(state, execution.state))) return true
  if (execution['metadata'] === undefined) return false
  const values = readMetadata(execution)
  return metadata.some((entry) => !entry.values.includes(values[entry.key] ?? '\u0000'))
}
