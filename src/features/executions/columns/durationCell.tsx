import { timestampInstant, type Execution } from '../../../api'
import { formatDuration } from '../../../lib/duration'
import { finishedDuration } from '../../../../shared/listSort'
import { stateMeaning } from '../../../../shared/states'

/**
 * How long a finished execution took, as a plain cell; a dash (said in words) while it runs or when unknown (a
 * time without a zone is not read as this browser's: the attempts panel's rule).
 */
export function durationCell(execution: Execution) {
  const meaning = stateMeaning(execution.state)
  const took = finishedDuration(
    meaning,
    timestampInstant(execution.created_at),
    timestampInstant(execution.updated_at),
  )
  return (
    <td key="duration" data-column="duration" className="duration-cell">
      {took !== null ? (
        formatDuration(took)
      ) : (
        <>
          <span aria-hidden="true">–</span>
          <span className="visually-hidden">
            {meaning === 'failed' || meaning === 'succeed' ? 'not known' : 'not finished'}
          </span>
        </>
      )}
    </td>
  )
}
