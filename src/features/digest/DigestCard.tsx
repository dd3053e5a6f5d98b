import '../../styles/dialogs.css'
import type { DigestAnswer } from '../../api/digest'
import { formatDuration } from '../../lib/duration'
import { coverageLine, countPrefix, formatCount } from '../../lib/coverageWords'
import { formatAge } from '../../lib/formatAge'
import { visibleText } from '../../../shared/visibleText'

interface DigestCardProps {
  digest: DigestAnswer
  headingId: string
  onShowFailures: () => void
  onOpenExecution: (id: string) => void
  onDismiss: () => void
}

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many)

function IdButtons({ ids, more, onOpen }: { ids: string[]; more: number; onOpen: (id: string) => void }) {
  return (
    <span className="digest-ids">
      {ids.map((id) => (
        <button key={id} type="button" className="link-button mono" onClick={() => onOpen(id)}>
          {visibleText(id)}
        </button>
      ))}
      {more > 0 ? <span className="muted">and {formatCount(more)} more</span> : null}
    </span>
  )
}

/** "Since you last looked, 2 h ago": new failures, reschedules by others, executions running long; and from where. */
export function DigestCard({
  digest,
  headingId,
  onShowFailures,
  onOpenExecution,
  onDismiss,
}: DigestCardProps) {
  const { newFailures, rescheduledByOthers, longRunning, coverage } = digest
  const prefix = countPrefix(coverage)
  return (
    <>
      <h2 id={headingId} className="panel-title">
        Since you last looked, {formatAge(digest.lastSeenAt ?? digest.generatedAt, digest.generatedAt)}
      </h2>
      <ul className="digest-list">
        {newFailures.count > 0 ? (
          <li>
            <strong>
              {prefix}
              {formatCount(newFailures.count)} {plural(newFailures.count, 'execution', 'executions')} failed
            </strong>{' '}
            <button type="button" className="button button-small" onClick={onShowFailures}>
              Show them in the list
            </button>{' '}
            <IdButtons
              ids={newFailures.ids}
              more={newFailures.count - newFailures.ids.length}
              onOpen={onOpenExecution}
            />
          </li>
        ) : null}
        {rescheduledByOthers.count > 0 ? (
          <li>
            <strong>{formatCount(rescheduledByOthers.count)} rescheduled by others:</strong>{' '}
            {rescheduledByOthers.records.map((record) => (
              <span key={`${record.executionId} ${record.at}`} className="digest-record">
                {visibleText(record.user)} rescheduled{' '}
                <button
                  type="button"
                  className="link-button mono"
                  onClick={() => onOpenExecution(record.executionId)}
                >
                  {visibleText(record.executionId)}
                </button>{' '}
                {formatAge(record.at, digest.generatedAt)}
              </span>
            ))}
          </li>
        ) : null}
        {longRunning.count > 0 && longRunning.usualMs !== null ? (
          <li>
            <strong>
              {prefix}
              {formatCount(longRunning.count)} running longer than usual
            </strong>{' '}
            <span className="muted">
              (over {formatDuration(longRunning.usualMs)}, what 90 % of {formatCount(longRunning.basis)}{' '}
              succeeded ones took)
            </span>{' '}
            <IdButtons
              ids={longRunning.ids}
              more={longRunning.count - longRunning.ids.length}
              onOpen={onOpenExecution}
            />
          </li>
        ) : null}
      </ul>
      <p className="muted digest-source">From the dashboard’s index: {coverageLine(coverage)}.</p>
      <button type="button" className="button button-small" onClick={onDismiss}>
        Dismiss
      </button>
    </>
  )
}
