import { useEffect, useRef } from 'react'
import type { ItemResult, RunSnapshot } from './bulkRun'
import { saveStampedCsv } from '../../lib/saveFile'
import { resultsCsv } from './runFigures'
import { visibleText } from '../../../shared/visibleText'

const OUTCOME_WORDS: Record<ItemResult['kind'], string> = {
  pending: 'Not sent',
  sending: 'In flight',
  done: 'Rescheduled',
  failed: 'Failed',
  unknown: 'Unknown outcome',
  'not-sent': 'Not sent',
}

const downloadCsv = (snapshot: RunSnapshot) => saveStampedCsv(resultsCsv(snapshot), 'reschedule-results')

interface BulkResultsProps {
  snapshot: RunSnapshot
  onRetry: (ids: string[]) => void
  onClose: () => void
}

/** One row per execution with what the API said; only what failed can be sent again. */
export function BulkResults({ snapshot, onRetry, onClose }: BulkResultsProps) {
  const entries = [...snapshot.results]
  const idsOf = (kind: ItemResult['kind']) =>
    entries.filter(([, result]) => result.kind === kind).map(([id]) => id)
  const failed = idsOf('failed')
  const unknown = idsOf('unknown')
  const notSent = idsOf('not-sent')
  // The run's buttons are gone: focus goes to what came of it.
  const summaryRef = useRef<HTMLParagraphElement>(null)
  useEffect(() => summaryRef.current?.focus(), [])
  return (
    <div className="bulk-results">
      <p ref={summaryRef} tabIndex={-1} className="bulk-summary">
        {snapshot.status === 'cancelled' ? 'Cancelled. ' : ''}
        {snapshot.done.toLocaleString()} rescheduled, {failed.length.toLocaleString()} failed,{' '}
        {unknown.length.toLocaleString()} with an unknown outcome
        {notSent.length > 0 ? `, ${notSent.length.toLocaleString()} not sent` : ''}.
        {unknown.length > 0
          ? ' An unknown outcome means the request went out and no clear answer came back: it may have been applied. Check those executions before sending them again.'
          : ''}
      </p>
      <div className="bulk-results-table">
        <table className="data-table">
          <caption className="visually-hidden">Results of the bulk reschedule</caption>
          <thead>
            <tr>
              <th scope="col">Execution</th>
              <th scope="col">Outcome</th>
              <th scope="col">What the API said</th>
            </tr>
          </thead>
          <tbody>
            {entries.map(([id, result]) => (
              <tr key={id}>
                <td>
                  <code className="mono">{visibleText(id)}</code>
                </td>
                <td>{OUTCOME_WORDS[result.kind]}</td>
                <td>
                  {'said' in result
                    ? result.said
                    : 'reason' in result && result.reason
                      ? result.reason
                      : result.kind === 'not-sent'
                        ? 'Cancelled before it was sent.'
                        : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={() => downloadCsv(snapshot)}>
          Download results
        </button>
        {failed.length + notSent.length > 0 ? (
          <button type="button" className="button" onClick={() => onRetry([...failed, ...notSent])}>
            Retry failed ({(failed.length + notSent.length).toLocaleString()})
          </button>
        ) : null}
        {unknown.length > 0 ? (
          <button type="button" className="button" onClick={() => onRetry(unknown)}>
            Send the unknown ones again ({unknown.length.toLocaleString()})
          </button>
        ) : null}
        <button type="button" className="button button-primary" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  )
}
