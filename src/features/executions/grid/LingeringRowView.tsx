import '../../../styles/liveRows.css'
import { StateBadge } from '../../../components/StateBadge'
import { departedRowAttributes } from '../../../lib/rowLookup'
import type { LingeringRow } from '../list/listReducer'
import { visibleText } from '../../../../shared/visibleText'

/** A rescheduled row that left the filter: still there, dimmed, saying why it will go. */
export function LingeringRowView({ row, columns }: { row: LingeringRow; columns: number }) {
  const { id, state } = row.execution
  return (
    <tr
      className="lingering-row"
      aria-label={`Execution ${id}, rescheduled, no longer matches`}
      {...departedRowAttributes(id)}
    >
      <td colSpan={columns}>
        <code className="mono">{visibleText(id)}</code> <StateBadge state={state} />{' '}
        <span className="muted">
          Rescheduled; it no longer matches the filters and leaves the list at the next page change.
        </span>
      </td>
    </tr>
  )
}
