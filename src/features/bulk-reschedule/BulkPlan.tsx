import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react'
import { describeState } from '../../components/StateCell'
import { useUpstreams } from '../../components/useUpstream'
import { DANGER_TYPED_FROM } from '../../../shared/upstreams'
import { saveStampedCsv } from '../../lib/saveFile'
import { setCsv, type PlannedExecution } from './runFigures'
import { visibleText } from '../../../shared/visibleText'

export const TYPED_CONFIRM_ABOVE = 100
const CONCURRENCY = [1, 2, 4, 8] as const
const FIRST_IDS = 10

function stateCounts(executions: readonly PlannedExecution[]): string {
  const counts = new Map<string, number>()
  for (const execution of executions) {
    const label = describeState(execution.state).label
    counts.set(label, (counts.get(label) ?? 0) + 1)
  }
  return [...counts].map(([label, count]) => `${count.toLocaleString()} ${label}`).join(', ')
}

interface BulkPlanProps {
  executions: readonly PlannedExecution[]
  /** Where the set came from, in words: "selected" or "matching the filters". */
  origin: string
  /** How a counted set was counted ("Counted 240 on 3 pages"), when it was. */
  counted?: string | null
  onConfirm: (concurrency: number) => void
  onCancel: () => void
}

/** Says exactly what will be sent before anything is: the count, the states and the first ids. */
export function BulkPlan({ executions, origin, counted, onConfirm, onCancel }: BulkPlanProps) {
  const [typed, setTyped] = useState('')
  const [concurrency, setConcurrency] = useState(4)
  const typedId = useId()
  const concurrencyId = useId()
  const count = executions.length
  // On an API marked `danger` (production), 10 or more need their count typed, whatever the usual threshold.
  const { current: upstream } = useUpstreams()
  const needsTyping = count > TYPED_CONFIRM_ABOVE || (upstream?.danger === true && count >= DANGER_TYPED_FROM)
  const typedOk = !needsTyping || typed.trim().replaceAll(',', '') === String(count)
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (typedOk && count > 0) onConfirm(concurrency)
  }
  const rest = count - FIRST_IDS
  // The next step is where focus goes (after the count, or as the dialog opens), never the page's body.
  const typedRef = useRef<HTMLInputElement>(null)
  const confirmRef = useRef<HTMLButtonElement>(null)
  const cancelRef = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    ;(needsTyping ? typedRef : count > 0 ? confirmRef : cancelRef).current?.focus()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the plan shows
  }, [])
  return (
    <form onSubmit={submit} aria-label="Confirm the bulk reschedule" className="bulk-plan">
      <p>
        <strong>{count.toLocaleString()}</strong> {count === 1 ? 'execution' : 'executions'} {origin}:{' '}
        {count > 0 ? stateCounts(executions) : 'none'}. Each gets one reschedule request.
      </p>
      {counted ? <p className="muted">{counted}.</p> : null}
      {count > 0 ? (
        <ul className="bulk-first-ids" aria-label="First executions">
          {executions.slice(0, FIRST_IDS).map((execution) => (
            <li key={execution.id}>
              <code className="mono">{visibleText(execution.id)}</code>
            </li>
          ))}
          {rest > 0 ? <li className="muted">and {rest.toLocaleString()} more</li> : null}
        </ul>
      ) : null}
      <p>
        <label htmlFor={concurrencyId}>Requests at a time</label>{' '}
        <select
          id={concurrencyId}
          value={concurrency}
          onChange={(event) => setConcurrency(Number(event.target.value))}
        >
          {CONCURRENCY.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </p>
      {needsTyping ? (
        <p>
          <label htmlFor={typedId}>
            Type {count} to confirm{upstream?.danger ? ` on ${upstream.name}` : ''}
          </label>{' '}
          <input
            ref={typedRef}
            id={typedId}
            inputMode="numeric"
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </p>
      ) : null}
      <div className="dialog-actions">
        {count > 0 ? (
          <button
            type="button"
            className="button"
            onClick={() => saveStampedCsv(setCsv(executions), 'reschedule-set')}
          >
            Export this set
          </button>
        ) : null}
        <button ref={cancelRef} type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button
          ref={confirmRef}
          type="submit"
          className="button button-primary"
          disabled={!typedOk || count === 0}
        >
          Reschedule {count.toLocaleString()} {count === 1 ? 'execution' : 'executions'}
        </button>
      </div>
    </form>
  )
}
