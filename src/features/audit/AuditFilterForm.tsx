import { useId, useState, type SyntheticEvent } from 'react'
import { formText } from '../../lib/formText'
import { AUDIT_SPANS, type AuditSpan, type AuditView } from '../../lib/auditUrl'

const OUTCOMES: [string, string][] = [
  ['', 'Any outcome'],
  ['rescheduled', 'Rescheduled'],
  ['refused_by_api', 'Refused by the API'],
  ['unknown', 'Outcome unknown'],
  ['not_sent', 'Not sent'],
  ['not_permitted', 'Not permitted'],
  ['acknowledged', 'Failure acknowledged'],
  ['unacknowledged', 'Acknowledgement undone'],
]
const ACTIONS: [string, string][] = [
  ['', 'Any action'],
  ['reschedule', 'Reschedules'],
  ['acknowledge', 'Acknowledgements'],
]
const SPAN_WORDS: Record<AuditSpan, string> = {
  '1h': 'Last hour',
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
}
const RANGE = 'range'

/** A labelled select whose value the form reads when submitted. */
function ChoicesField(props: {
  name: string
  label: string
  choices: readonly [value: string, text: string][]
  defaultValue: string
}) {
  return (
    <label>
      {props.label}
      <select name={props.name} defaultValue={props.defaultValue}>
        {props.choices.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  )
}

/** A datetime-local value (this browser's zone) as an instant; null when empty or unreadable. */
function instantOf(text: string): number | null {
  const at = text === '' ? Number.NaN : new Date(text).getTime()
  return Number.isNaN(at) ? null : at
}
/** An instant as a datetime-local value in this browser's zone. */
function localText(at: number | null): string {
  if (at === null) return ''
  const date = new Date(at - new Date(at).getTimezoneOffset() * 60_000)
  return date.toISOString().slice(0, 16)
}

/**
 * The trail's filters, the common ones first: action, user, execution, run and time (a span back from now; a
 * range only when chosen, so its two date fields are not in the way of every other filter).
 */
export function AuditFilterForm({ view, onApply }: { view: AuditView; onApply: (view: AuditView) => void }) {
  const zoneId = useId()
  const initialTime = view.span ?? (view.from !== null || view.to !== null ? RANGE : '')
  const [time, setTime] = useState<string>(initialTime)
  const apply = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const span = (AUDIT_SPANS as readonly string[]).includes(time) ? (time as AuditSpan) : null
    onApply({
      user: formText(form, 'user'),
      action: formText(form, 'action'),
      outcome: formText(form, 'outcome'),
      execution: formText(form, 'execution'),
      run: formText(form, 'run'),
      span,
      from: time === RANGE ? instantOf(formText(form, 'from')) : null,
      to: time === RANGE ? instantOf(formText(form, 'to')) : null,
    })
  }
  return (
    <form key={JSON.stringify(view)} className="audit-filters" onSubmit={apply} aria-label="Audit filters">
      <ChoicesField name="action" label="Action" choices={ACTIONS} defaultValue={view.action} />
      <label>
        User <input name="user" defaultValue={view.user} />
      </label>
      <label>
        Execution <input name="execution" defaultValue={view.execution} />
      </label>
      <label>
        Run <input name="run" defaultValue={view.run} />
      </label>
      <label>
        Time
        <select name="time" value={time} onChange={(event) => setTime(event.target.value)}>
          <option value="">Any time</option>
          {AUDIT_SPANS.map((span) => (
            <option key={span} value={span}>
              {SPAN_WORDS[span]}
            </option>
          ))}
          <option value={RANGE}>Between two times…</option>
        </select>
      </label>
      {time === RANGE ? (
        <>
          <label>
            From
            <input
              type="datetime-local"
              name="from"
              defaultValue={localText(view.from)}
              aria-describedby={zoneId}
            />
          </label>
          <label>
            To
            <input
              type="datetime-local"
              name="to"
              defaultValue={localText(view.to)}
              aria-describedby={zoneId}
            />
          </label>
          <p id={zoneId} className="muted audit-zone">
            In this browser&apos;s time zone ({Intl.DateTimeFormat().resolvedOptions().timeZone}).
          </p>
        </>
      ) : null}
      <ChoicesField name="outcome" label="Outcome" choices={OUTCOMES} defaultValue={view.outcome} />
      <button type="submit" className="button button-small">
        Filter
      </button>
    </form>
  )
}
