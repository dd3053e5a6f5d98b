import { createElement, memo, type MouseEvent } from 'react'
import type { Execution } from '../../../api'
import { rowAttributes } from '../../../lib/rowLookup'
import type { ExecutionColumn } from '../columns/executionColumns'

interface ExecutionRowProps {
  execution: Execution
  /** The visible columns in order (memoized by the table): a new list re-renders every row. */
  columns: readonly ExecutionColumn[]
  isTabStop: boolean
  isOpen: boolean
  isChecked: boolean
  isChanged: boolean
  onClick: (event: MouseEvent, id: string) => void
}

/**
 * One execution's row: each visible column's `td` for it. Memoized on its execution object (the query
 * cache keeps it identical while its data is), so a poll re-renders only the rows whose data or marks
 * changed.
 */
export const ExecutionRow = memo(
  function ExecutionRow({
    execution,
    columns,
    isTabStop,
    isOpen,
    isChecked,
    isChanged,
    onClick,
  }: ExecutionRowProps) {
    const { id } = execution
    // The cells as separate children, not a keyed list: their number and order only change with the
    // columns, and then every row re-renders anyway.
    return createElement(
      'tr',
      {
        ...rowAttributes(id),
        tabIndex: isTabStop ? 0 : -1,
        className: `clickable-row${isOpen ? ' is-selected' : ''}${isChecked ? ' is-checked' : ''}${
          isChanged ? ' is-changed' : ''
        }`,
        'aria-label': `Execution ${id}${isChanged ? ', its state changed at the last refresh' : ''}`,
        onClick: (event: MouseEvent) => onClick(event, id),
      },
      ...columns.map((column) => column.td(execution)),
    )
  },
  (before, after) =>
    before.execution === after.execution &&
    before.columns === after.columns &&
    before.isTabStop === after.isTabStop &&
    before.isOpen === after.isOpen &&
    before.isChecked === after.isChecked &&
    before.isChanged === after.isChanged &&
    before.onClick === after.onClick,
)
