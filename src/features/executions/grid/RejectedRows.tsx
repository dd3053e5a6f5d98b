import '../../../styles/badge.css'
import type { RejectedRow } from '../../../api'
import { visibleText } from '../../../../shared/visibleText'

/** Rows the API sent that could not be read, after the good ones: their id and what was wrong. */
export function RejectedRows({ rows, columns }: { rows: readonly RejectedRow[]; columns: number }) {
  return rows.map((row) => (
    <tr
      key={`rejected-${row.index}`}
      className="rejected-row"
      aria-label={`Unreadable row ${row.id ?? `at position ${row.index + 1}`}`}
    >
      <td colSpan={columns}>
        <code className="mono">{visibleText(row.id ?? '(no id)')}</code>{' '}
        <span className="badge tone-unknown">Could not be read</span> {row.problems.join('; ')}
      </td>
    </tr>
  ))
}
