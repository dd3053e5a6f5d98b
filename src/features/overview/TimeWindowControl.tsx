import { memo, useId, useState, type SyntheticEvent } from 'react'
import { formText } from '../../lib/formText'
import { WINDOW_PRESETS, type TimeWindow, type WindowPreset } from '../../../shared/timeWindow'
import { zoneName } from '../../lib/windowText'
import { PRESET_LABELS, windowText } from './overviewWords'

const CUSTOM = 'custom'

/** A datetime-local value, read in UTC or in this browser's zone, as an instant; null when empty or unreadable. */
function instantOf(text: string, utc: boolean): number | null {
  if (text === '') return null
  const at = new Date(utc ? `${text}Z` : text).getTime()
  return Number.isNaN(at) ? null : at
}

/** An instant as a datetime-local value, in UTC or in this browser's zone. */
const inputText = (at: number | null, utc: boolean) => {
  if (at === null) return ''
  const shift = utc ? 0 : new Date(at).getTimezoneOffset() * 60_000
  return new Date(at - shift).toISOString().slice(0, 16)
}

interface TimeWindowControlProps {
  window: TimeWindow
  onChange: (window: TimeWindow) => void
  /** The Times setting is UTC: a custom range is typed and shown in UTC, else in this browser's zone. */
  utc?: boolean
}

/**
 * Time window: a preset, any time, or a custom range (in the Times setting's zone, which it names). Memoized: the
 * overview's answers (a new "as of" every few seconds) leave its props as they were.
 */
export const TimeWindowControl = memo(function TimeWindowControl({
  window,
  onChange,
  utc = false,
}: TimeWindowControlProps) {
  const id = useId()
  const [custom, setCustom] = useState(window.kind === 'absolute')
  const [error, setError] = useState<string | null>(null)
  const selected =
    custom || window.kind === 'absolute' ? CUSTOM : window.kind === 'any' ? 'any' : window.preset

  const choose = (value: string) => {
    setError(null)
    if (value === CUSTOM) {
      setCustom(true)
      return
    }
    setCustom(false)
    onChange(
      value === 'any'
        ? { kind: 'any', field: window.field }
        : { kind: 'relative', preset: value as WindowPreset, field: window.field },
    )
  }

  const apply = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const from = instantOf(formText(form, 'from'), utc)
    const to = instantOf(formText(form, 'to'), utc)
    if (from === null && to === null) return setError('Give a start, an end, or both.')
    if (from !== null && to !== null && from >= to) return setError('The start must be before the end.')
    setError(null)
    onChange({ kind: 'absolute', from, to, field: window.field })
  }

  return (
    <div className="time-window">
      <label htmlFor={`${id}-window`}>Time window</label>
      <select id={`${id}-window`} value={selected} onChange={(event) => choose(event.target.value)}>
        <option value="any">Any time</option>
        {WINDOW_PRESETS.map((preset) => (
          <option key={preset} value={preset}>
            {PRESET_LABELS[preset]}
          </option>
        ))}
        <option value={CUSTOM}>Custom range…</option>
      </select>
      <label className="time-window-field">
        <input
          type="checkbox"
          checked={window.field === 'updated'}
          disabled={window.kind === 'any'}
          onChange={(event) => onChange({ ...window, field: event.target.checked ? 'updated' : 'created' })}
        />
        By last update
      </label>
      {selected === CUSTOM ? (
        <form
          key={utc ? 'utc' : 'local'}
          className="time-window-custom"
          onSubmit={apply}
          aria-label="Custom time range"
          noValidate
        >
          <p id={`${id}-zone`} className="muted">
            Times in {zoneName(utc)}
            {utc ? ' (the Times setting)' : ''}.
          </p>
          <label>
            From
            <input
              type="datetime-local"
              name="from"
              aria-describedby={`${id}-zone`}
              defaultValue={window.kind === 'absolute' ? inputText(window.from, utc) : ''}
            />
          </label>
          <label>
            To
            <input
              type="datetime-local"
              name="to"
              aria-describedby={`${id}-zone`}
              defaultValue={window.kind === 'absolute' ? inputText(window.to, utc) : ''}
            />
          </label>
          <button type="submit">Apply range</button>
          {error ? (
            <p role="alert" className="field-error">
              {error}
            </p>
          ) : null}
          {window.kind === 'absolute' ? <p className="muted">Now: {windowText(window, utc)}</p> : null}
        </form>
      ) : null}
    </div>
  )
})
