import { useListFilters } from '../../lib/listFilters'
import { useUrlSearch } from '../../lib/useUrlSearch'
import { AttemptsPanel, type AttemptsPanelProps } from './AttemptsPanel'

/**
 * The panel beside the list: an execution not on the list's loaded pages is looked for in the list's filters (the
 * page URL's), read here so that the first load does without them.
 */
export function AttemptsPanelOfList(props: Omit<AttemptsPanelProps, 'filters'>) {
  const [search] = useUrlSearch()
  return <AttemptsPanel {...props} filters={useListFilters(search)} />
}
