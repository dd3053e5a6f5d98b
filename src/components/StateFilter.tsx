import '../styles/controls.css'
import { describeState } from './StateCell'

interface StateFilterProps {
  legend: string
  /** The states offered, in display order. */
  options: readonly string[]
  selected: readonly string[]
  onChange: (states: string[]) => void
  /** How many rows on screen are in each state, shown beside it. */
  counts?: ReadonlyMap<string, number>
}

export function StateFilter({ legend, options, selected, onChange, counts }: StateFilterProps) {
  const toggle = (state: string, checked: boolean) => {
    const next = checked ? [...selected, state] : selected.filter((s) => s !== state)
    onChange(options.filter((s) => next.includes(s)))
  }
  return (
    <fieldset className="filter-group">
      <legend>{legend}</legend>
      {/* Said visibly once: these are the rows on screen, not the overview's counts over every page. */}
      {counts ? (
        <span className="state-count-note muted" aria-hidden="true">
          On page:
        </span>
      ) : null}
      {options.map((state) => (
        <label key={state} className="checkbox">
          <input
            type="checkbox"
            checked={selected.includes(state)}
            onChange={(event) => toggle(state, event.target.checked)}
          />
          {describeState(state).label}
          {counts ? (
            <span className="state-count">
              {counts.get(state) ?? 0}
              <span className="visually-hidden"> on this page</span>
            </span>
          ) : null}
        </label>
      ))}
    </fieldset>
  )
}
