import { useEffect, useRef, useState } from 'react'
import { useNow } from '../../lib/useNow'
import type { RunSnapshot } from './bulkRun'
import { calmProgressKey, runFigures } from './runFigures'

interface BulkProgressProps {
  snapshot: RunSnapshot
  onPause: () => void
  onResume: () => void
  onCancel: () => void
}

const STATUS_WORDS: Record<RunSnapshot['status'], string> = {
  running: 'Rescheduling',
  paused: 'Paused',
  cancelling: 'Cancelling: waiting for the requests in flight',
  finished: 'Finished',
  cancelled: 'Cancelled',
}

/** The run as it goes: counts, rate, time left, and its controls. */
export function BulkProgress({ snapshot, onPause, onResume, onCancel }: BulkProgressProps) {
  const now = useNow(1000)
  const figures = runFigures(snapshot, now)
  const key = calmProgressKey(figures, now, snapshot.startedAt)
  const summary = `${figures.settled.toLocaleString()} of ${figures.total.toLocaleString()} done`
  // The live text changes only when the calm key moves (every 10 % or 10 s), not with each answer.
  const [spoken, setSpoken] = useState({ key, text: summary })
  if (spoken.key !== key) setSpoken({ key, text: summary })
  // The confirm button is gone as the run starts: focus goes to Pause.
  const pauseRef = useRef<HTMLButtonElement>(null)
  useEffect(() => pauseRef.current?.focus(), [])
  const pauseIdle = snapshot.status !== 'running' && snapshot.status !== 'paused'
  const waiting = snapshot.waitingUntil !== null && snapshot.waitingUntil > now
  return (
    <div className="bulk-progress">
      <p>
        <strong>{STATUS_WORDS[snapshot.status]}</strong>
        {snapshot.pausedBecause ? ` by itself: ${snapshot.pausedBecause}. Resume to go on, or cancel.` : ''}
        {waiting
          ? ` · waiting ${Math.ceil(((snapshot.waitingUntil ?? now) - now) / 1000)} s: the API asked to slow down`
          : ''}
      </p>
      <progress aria-label="Bulk reschedule progress" max={figures.total} value={figures.settled} />
      <dl className="bulk-figures">
        {[
          ['Done', snapshot.done.toLocaleString()],
          ['Failed', snapshot.failed.toLocaleString()],
          ['Unknown outcome', snapshot.unknown.toLocaleString()],
          ['Remaining', snapshot.remaining.toLocaleString()],
          ['Rate', `${figures.rate.toFixed(1)}/s`],
          ['Time left', figures.secondsLeft === null ? '…' : `about ${Math.ceil(figures.secondsLeft)} s`],
        ].map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="visually-hidden" role="status">
        {spoken.text}
      </p>
      <div className="dialog-actions">
        {/* One button that turns from Pause to Resume, and never `disabled`: focus stays on it through the run. */}
        <button
          ref={pauseRef}
          type="button"
          className="button"
          aria-disabled={pauseIdle || undefined}
          onClick={() => {
            if (snapshot.status === 'paused') onResume()
            else if (!pauseIdle) onPause()
          }}
        >
          {snapshot.status === 'paused' ? 'Resume' : 'Pause'}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            if (snapshot.status !== 'cancelling') onCancel()
          }}
          aria-disabled={snapshot.status === 'cancelling' || undefined}
        >
          Cancel run
        </button>
      </div>
    </div>
  )
}
