import type { Execution, MetadataFilter } from '../../api'
import { contradictsFilters as contradicts } from '../../shared/filters'

/** Whether a returned row contradicts the filters as the dashboard asked for them (see shared/filters). */
export function contradictsFilters(
  execution: Execution,
  states: readonly string[],
  metadata: readonly MetadataFilter[],
): boolean {
  return contradicts(execution, { states, metadata })
}
