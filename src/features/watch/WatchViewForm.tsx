import { useState, type SubmitEvent } from 'react'
import type { NewWatch } from '../../api/watches'
import { formText } from '../../lib/formText'
import { KNOWN_EXECUTION_STATES, type KnownExecutionState } from '../../../shared/states'
import { WATCH_LIMITS } from '../../../shared/watches'
import { viewName } from './watchWords'

const STATE_WORDS: Record<KnownExecutionState, string> = {
  created: 'created',
  started: 'started',
  succeed: 'succeeded',
  failed: 'failed',
}

interface WatchViewFormProps {
  /** The view's filters, in the URL's spelling. */
  view: string
  busy: boolean
  onWatch: (watch: NewWatch) => void
}

/** "Tell me when more than 10 failed in the last 15 minutes" for the view on screen. */
export function WatchViewForm({ view, busy, onWatch }: WatchViewFormProps) {
  const [problem, setProblem] = useState<string | null>(null)
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const label = formText(form, 'label').trim()
    const count = Number(formText(form, 'count'))
    const minutes = Number(formText(form, 'minutes'))
    const state = formText(form, 'state') as KnownExecutionState
    const problems = [
      label === '' ? 'Give the watch a name.' : null,
      !Number.isInteger(count) || count < 0 || count > WATCH_LIMITS.count
        ? `"More than" must be a whole number from 0 to ${WATCH_LIMITS.count}.`
        : null,
      !Number.isInteger(minutes) || minutes < 1 || minutes > WATCH_LIMITS.minutes
        ? `"In the last" must be from 1 to ${WATCH_LIMITS.minutes} minutes.`
        : null,
    ].filter((text) => text !== null)
    setProblem(problems.length > 0 ? problems.join(' ') : null)
    if (problems.length === 0) onWatch({ kind: 'view', view, label, threshold: { state, count, minutes } })
  }
  return (
    <form
      noValidate
      className="watch-form"
      onSubmit={submit}
      aria-describedby={problem ? 'watch-view-problem' : undefined}
    >
      <label>
        Name
        <input name="label" maxLength={WATCH_LIMITS.label} defaultValue={`Failures: ${viewName(view)}`} />
      </label>
      <label>
        When more than
        <input name="count" type="number" min={0} defaultValue={10} inputMode="numeric" />
      </label>
      <label>
        are
        <select name="state" defaultValue="failed">
          {KNOWN_EXECUTION_STATES.map((state) => (
            <option key={state} value={state}>
              {STATE_WORDS[state]}
            </option>
          ))}
        </select>
      </label>
      <label>
        in the last (minutes)
        <input name="minutes" type="number" min={1} defaultValue={15} inputMode="numeric" />
      </label>
      <button type="submit" className="button" disabled={busy}>
        Watch this view
      </button>
      {problem ? (
        <p id="watch-view-problem" className="error-text" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  )
}
