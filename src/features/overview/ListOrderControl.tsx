import { useId } from 'react'
import type { Coverage } from '../../../shared/coverage'
import { LIST_SORTS, type ListSort } from '../../../shared/listSort'

const API_ORDER = 'api'

/** Each order in words, as the list's Order control and the overview's note say it. */
export const SORT_LABELS: Record<ListSort, string> = {
  created: 'Newest created first',
  updated: 'Newest updated first',
  state: 'Failed first',
  duration: 'Longest finished first',
}

export interface ListOrderControlProps {
  sort: ListSort | null
  onChange: (sort: ListSort | null) => void
  /** The index's coverage of the filtered set (the overview's); undefined before the first answer. */
  coverage: Coverage | undefined
  error: Error | null
}

/** Whether the index may order the list, and the words that say why or why not. */
export function orderOffer(coverage: Coverage | undefined, error: Error | null) {
  if (coverage?.kind === 'exact')
    return {
      offered: true,
      note: 'From the dashboard’s index, which holds every execution of these filters.',
    }
  // Every execution is known and only some outcomes are being checked (seconds): the order holds.
  if (coverage?.kind === 'at_least' && coverage.allKnown === true)
    return {
      offered: true,
      note: 'From the dashboard’s index, which holds every execution of these filters (a few outcomes are being checked).',
    }
  if (error && !coverage)
    return { offered: false, note: `Other orders need the dashboard’s index: ${error.message}` }
  if (!coverage) return { offered: false, note: 'Other orders wait for the dashboard’s index.' }
  return {
    offered: false,
    note:
      coverage.kind === 'counting'
        ? 'Other orders once the index has counted every execution of these filters.'
        : 'Other orders need an index that holds every execution of these filters; it does not now.',
  }
}

/**
 * The list's order: the API's own (it promises none), or one from the index, offered only while the index holds
 * every execution of the filtered set and labelled as coming from it. Beside the time window: both are the
 * index's, and both change what the list below holds.
 */
export function ListOrderControl({ sort, onChange, coverage, error }: ListOrderControlProps) {
  const noteId = useId()
  const { offered, note } = orderOffer(coverage, error)
  return (
    <span className="list-order">
      <label className="inline-field">
        <span>Order</span>
        <select
          value={sort ?? API_ORDER}
          // Once sorted, going back to the API's order stays possible whatever the index says.
          disabled={!offered && sort === null}
          aria-describedby={noteId}
          onChange={(event) =>
            onChange(LIST_SORTS.find((candidate) => candidate === event.target.value) ?? null)
          }
        >
          <option value={API_ORDER}>As the API returns them</option>
          {LIST_SORTS.map((candidate) => (
            <option key={candidate} value={candidate} disabled={!offered && candidate !== sort}>
              {SORT_LABELS[candidate]}
            </option>
          ))}
        </select>
      </label>
      <span id={noteId} className="visually-hidden">
        {note}
      </span>
    </span>
  )
}
