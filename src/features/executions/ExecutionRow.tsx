import { FlexRender, type Row } from '@tanstack/react-table'
import { memo, type MouseEvent } from 'react'
import type { Execution } from '../../api'
import type { executionTableFeatures } from './executionColumns'

interface ExecutionRowProps {
  row: Row<typeof executionTableFeatures, Execution>
  /** The cells' column definitions and which are shown: a change re-renders every row. */
  columnsVersion: unknown
  isTabStop: boolean
  isOpen: boolean
  isChecked: boolean
  isChanged: boolean
  onClick: (event: MouseEvent, id: string) => void
}

/**
 * One execution's row. Memoized on its execution object (the query cache keeps it identical while its data
 * is), so a poll re-renders only the rows whose data or marks changed.
 */
export const ExecutionRow = memo(
  function ExecutionRow({ row, isTabStop, isOpen, isChecked, isChanged, onClick }: ExecutionRowProps) {
    return (
      <tr
        tabIndex={isTabStop ? 0 : -1}
        data-row-id={row.id}
        className={`clickable-row${isOpen ? ' is-selected' : ''}${isChecked ? ' is-checked' : ''}${
          isChanged ? ' is-changed' : ''
        }`}
        aria-label={`Execution ${row.id}${isChanged ? ', its state changed at the last refresh' : ''}`}
        onClick={(event) => onClick(event, row.id)}
      >
        {row.getVisibleCells().map((cell) => (
          <td key={cell.id} data-column={cell.column.id}>
            <FlexRender cell={cell} />
          </td>
        ))}
      </tr>
    )
  },
  (before, after) =>
    before.row.original === after.row.original &&
    before.columnsVersion === after.columnsVersion &&
    before.isTabStop === after.isTabStop &&
    before.isOpen === after.isOpen &&
    before.isChecked === after.isChecked &&
    before.isChanged === after.isChanged &&
    before.onClick === after.onClick,
)
