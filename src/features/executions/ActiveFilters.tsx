import type { MetadataFilter } from '../../api'
import { describeState } from '../../components/StateBadge'

interface ActiveFiltersProps {
  states: readonly string[]
  metadata: readonly MetadataFilter[]
  onRemoveState(state: string): void
  onRemoveMetadata(key: string): void
  onClear(): void
}

/** One chip per active filter; each chip removes its own filter. */
export function ActiveFilters({
  states,
  metadata,
  onRemoveState,
  onRemoveMetadata,
  onClear,
}: ActiveFiltersProps) {
  if (states.length === 0 && metadata.length === 0) return null
  return (
    <div className="active-filters" role="group" aria-label="Active filters">
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
