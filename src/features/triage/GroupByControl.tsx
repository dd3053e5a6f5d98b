import { useId } from 'react'
import { SHAPE_SAMPLE, type GroupBy, type GroupKey } from '../../../shared/triage'

const BURST = '\u0000burst'
const SHAPE = '\u0000shape'

/**
 * The grouping: every key the index has seen on failures (the best splitter first), bursts in time, or the shape of
 * the attempts of a sample.
 */
export function GroupByControl({
  value,
  keys,
  suggested = false,
  onChange,
}: {
  value: { kind: 'key'; key: string } | { kind: 'burst' } | { kind: 'shape' } | null
  keys: readonly GroupKey[]
  /** The board chose it (on first open): said beside it, so nobody takes it for their own choice. */
  suggested?: boolean
  onChange: (groupBy: GroupBy) => void
}) {
  const id = useId()
  const noteId = useId()
  const current =
    value === null ? '' : value.kind === 'burst' ? BURST : value.kind === 'shape' ? SHAPE : value.key
  const known = keys.some((key) => key.key === current) || [BURST, SHAPE, ''].includes(current)
  return (
    <div className="triage-group-by">
      <label htmlFor={id}>Group by</label>
      <select
        id={id}
        aria-describedby={suggested ? noteId : undefined}
        value={current}
        onChange={(event) =>
          onChange(
            event.target.value === BURST
              ? { kind: 'burst' }
              : event.target.value === SHAPE
                ? { kind: 'shape' }
                : { kind: 'key', key: event.target.value },
          )
        }
      >
        {current === '' ? <option value="">Nothing to group</option> : null}
        {keys.map((key, index) => (
          <option key={key.key} value={key.key}>
            {key.key}
            {index === 0 && key.score > 0 ? ' (splits the failures best)' : ''}
            {key.values > 0 ? ` · ${key.values.toLocaleString('en')} values` : ''}
          </option>
        ))}
        {known ? null : <option value={current}>{current} (not on these failures)</option>}
        <option value={BURST}>Bursts in time</option>
        <option value={SHAPE}>Attempt shape (on a sample of {SHAPE_SAMPLE})</option>
      </select>
      {suggested ? (
        <span id={noteId} className="triage-suggested">
          Suggested: it splits these failures best. It stays until you choose another.
        </span>
      ) : null}
    </div>
  )
}
