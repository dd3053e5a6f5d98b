import { memo, useMemo } from 'react'
import { KNOWN_EXECUTION_STATES, seenStates, type MetadataFilter } from '../../../api'
import { StateFilter } from '../../../components/StateFilter'
import { useQueryCacheSelector } from '../../../lib/useQueryCacheSelector'
import { useMetadataSuggestions } from '../list/useMetadataSuggestions'
import { MetadataFilterForm } from './MetadataFilterForm'

/** The known states first, then every other state an answer or the link named. */
function useStateOptions(linked: readonly string[]): string[] {
  const unknown = useQueryCacheSelector((client) => seenStates(client).unknown)
  return useMemo(() => [...new Set([...KNOWN_EXECUTION_STATES, ...unknown, ...linked])], [unknown, linked])
}

/**
 * Whether any row is on screen to count. Without one (no page loaded, or an empty page) the boxes show no counts:
 * "Failed 0 on this page" beside a list that could not be loaded would speak of a page there is not.
 */
const hasRows = (counts: ReadonlyMap<string, number> | null): counts is ReadonlyMap<string, number> =>
  counts !== null && counts.size > 0

interface ListFiltersProps {
  /** The states filtered on. */
  states: readonly string[]
  /** How many rows on screen are in each state; null (or empty) when no page is on screen. */
  stateCounts: ReadonlyMap<string, number> | null
  onStatesChange: (states: string[]) => void
  onAddMetadata: (entry: MetadataFilter) => void
  /** Esc in the metadata filter: back to the list. */
  onLeave: () => void
}

/** The filter controls; drawn again only when what they show changes (React writes an input's name on each draw). */
export const ListFilters = memo(function ListFilters(props: ListFiltersProps) {
  const stateOptions = useStateOptions(props.states)
  const suggestions = useMetadataSuggestions()
  return (
    <div className="filters" role="search" aria-label="Filter executions">
      <StateFilter
        legend="State"
        options={stateOptions}
        selected={props.states}
        onChange={props.onStatesChange}
        counts={hasRows(props.stateCounts) ? props.stateCounts : undefined}
      />
      <MetadataFilterForm suggestions={suggestions} onAdd={props.onAddMetadata} onLeave={props.onLeave} />
    </div>
  )
})
