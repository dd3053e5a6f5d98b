import type { MetadataFilter } from '../../../api'
import { describeState } from '../../../components/StateCell'

interface ActiveFiltersProps {
  states: readonly string[]
  metadata: readonly MetadataFilter[]
  onRemoveState: (state: string) => void
  onRemoveMetadata: (key: string) => void
  onClear: () => void
  /** Rows on this page that contradict the filters as asked for. */
  contradictingRows?: number
}

/** "state is Failed or Started, and env is staging or prod": how the dashboard asked for the filters. */
function describeAsked(states: readonly string[], metadata: readonly MetadataFilter[]) {
  const parts = [
    ...(states.length > 0
      ? [{ name: 'state', values: states.map((state) => describeState(state).label) }]
      : []),
    ...metadata.map((entry) => ({ name: entry.key, values: entry.values })),
  ]
  return parts.map((part, index) => (
    <span key={`${part.name}-${index}`}>
      {index > 0 ? (
        <>
          , <strong>and</strong>{' '}
        </>
      ) : null}
      {part.name} is{' '}
      {part.values.map((value, valueIndex) => (
        <span key={value}>
          {valueIndex > 0 ? (
            <>
              {' '}
              <strong>or</strong>{' '}
            </>
          ) : null}
          “{value}”
        </span>
      ))}
    </span>
  ))
}

/** One chip per active filter; each chip removes its own filter. */
export function ActiveFilters({
  states,
  metadata,
  onRemoveState,
  onRemoveMetadata,
  onClear,
  contradictingRows = 0,
}: ActiveFiltersProps) {
  if (states.length === 0 && metadata.length === 0) return null
  return (
    <div className="active-filters" role="group" aria-label="Active filters">
      <p className="filters-asked">Asked the API for executions where {describeAsked(states, metadata)}.</p>
      {contradictingRows > 0 ? (
        <p className="notice">
          The API combined these filters differently from how they are shown: {contradictingRows} of the rows
          below do not match them as asked.
        </p>
      ) : null}
      <ul className="chip-list">
        {states.map((state) => {
          const text = `State: ${describeState(state).label}`
          return (
            <li key={`state-${state}`}>
              <button
                type="button"
                className="chip chip-removable"
                aria-label={`Remove filter ${text}`}
                onClick={() => onRemoveState(state)}
              >
                {text} <span aria-hidden="true">×</span>
              </button>
            </li>
          )
        })}
        {metadata.map((entry) => {
          const text = `${entry.key} = ${entry.values.join(' or ')}`
          return (
            <li key={`meta-${entry.key}`}>
              <button
                type="button"
                className="chip chip-removable"
                aria-label={`Remove filter ${text}`}
                onClick={() => onRemoveMetadata(entry.key)}
              >
                {text} <span aria-hidden="true">×</span>
              </button>
            </li>
          )
        })}
      </ul>
      <button type="button" className="button button-small" onClick={onClear}>
        Clear filters
      </button>
    </div>
  )
}
