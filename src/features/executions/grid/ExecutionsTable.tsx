import { useTable } from '@tanstack/react-table'
import { Fragment, useCallback, useMemo, type MouseEvent } from 'react'
import { ExecutionRow } from './ExecutionRow'
import { ChipRoomContext, useChipRoom } from './chipRoom'
import { InGridRowContext } from '../../components/cellFocus'
import { useRelativeTimeTicker, useTimeCellTooltip } from '../../components/TimeCells'
import { useTimeDisplay } from '../../components/TimeDisplay'
import { useGridKeys } from './useGridKeys'
import { DataTableHead } from '../../components/DataTableHead'
import { useFocusKeeper } from './useFocusKeeper'
import { SelectionContext, useRangeSelection, type RowSelection } from './rowSelection'
import { LingeringRowView } from './LingeringRowView'
import type { LingeringRow } from './useLingeringRows'
import type { Execution, RejectedRow } from '../../api'
import { useListDisplay } from '../../components/ListDisplay'
import { orderedColumns, type ColumnLayout } from '../../lib/columnLayout'
import {
  CHOOSABLE_COLUMNS,
  createExecutionColumns,
  executionTableFeatures,
  type ExecutionColumnCallbacks,
} from './executionColumns'

/** The saved layout as TanStack state: the id column first and always shown, then the chosen order. */
function tableLayout(layout: ColumnLayout) {
  const ids = CHOOSABLE_COLUMNS.map(([id]) => id)
  return {
    columnOrder: ['id', ...orderedColumns(layout, ids)],
    columnVisibility: Object.fromEntries(
      layout.hidden.filter((id) => ids.includes(id)).map((id) => [id, false] as const),
    ),
  }
}

interface ExecutionsTableProps extends Omit<ExecutionColumnCallbacks, 'timeMode'> {
  rows: readonly Execution[]
  /** Rows the API sent that did not parse; shown marked, after the good ones. */
  rejected?: readonly RejectedRow[]
  /** Rescheduled rows that no longer match, kept in their old place until the page changes. */
  lingering?: readonly LingeringRow[]
  /** First load: skeleton rows of `skeletonRows` instead of data. */
  isLoading: boolean
  skeletonRows: number
  /** Old rows stay while a new page or filter loads. */
  isStale: boolean
  onOpen: (id: string) => void
  selectedId: string | null
  /** Focus was in a row that is no longer there (a refresh or a filter dropped it). */
  onFocusLost?: () => void
  /** Adds a checkbox to each row's id cell, and one for the page to the ID header. */
  selection?: RowSelection
  /** Rows whose state changed at the last refresh: marked for a moment. */
  changed?: ReadonlySet<string>
}

const ID_HEADER_NAME = { id: 'ID' }

/** The skip link's target. */
export const EXECUTIONS_TABLE_ID = 'executions-list'

/** Clicks and Enter on controls inside a row belong to those controls, not to the row. */
function fromInnerControl(target: EventTarget): boolean {
  return target instanceof Element && target.closest('button, a, input, select, textarea, label') !== null
}

export function ExecutionsTable(props: ExecutionsTableProps) {
  const { rows, isLoading, skeletonRows, isStale, onMetadataClick, renderActions, onOpen, selectedId } = props
  const rejected = props.rejected ?? []
  const tableRef = useFocusKeeper(rows, props.onFocusLost)
  const { selection } = props
  const toggle = useRangeSelection(rows, selection)
  const selectable = selection !== undefined
  const { mode: timeMode } = useTimeDisplay()
  const columns = useMemo(
    () => createExecutionColumns({ onMetadataClick, renderActions, timeMode }, selectable),
    [onMetadataClick, renderActions, timeMode, selectable],
  )
  useRelativeTimeTicker(tableRef, timeMode === 'relative')
  const selectionContext = useMemo(
    () => (selection ? { selection, rows, onToggle: toggle } : null),
    [selection, rows, toggle],
  )
  const { columns: layout, density } = useListDisplay()
  const state = useMemo(() => tableLayout(layout), [layout])
  const table = useTable({
    features: executionTableFeatures,
    columns,
    // Only the headers, order and visibility come from TanStack: the rows are drawn from `rows` directly.
    data: rows,
    state,
  })

  const chipRoom = useChipRoom(tableRef, rows.length > 0 && !isLoading)
  const rowIds = useMemo(() => rows.map((row) => row.id), [rows])
  const timeTooltip = useTimeCellTooltip(rowIds)
  const grid = useGridKeys(rowIds, {
    onOpen,
    onToggle: selection ? (id) => toggle(id, !selection.isSelected(id), false) : undefined,
  })
  // TanStack's memoized list: new only for new column definitions or a new layout, and then every row
  // re-renders; otherwise a row re-renders only for its own data and marks.
  const visibleColumns = table.getVisibleLeafColumns()
  const visibleCount = visibleColumns.length
  const lingering = props.lingering ?? []
  const rowCount = rows.length
  /** The lingering rows that go before row `index`; with null, those whose place is past the last row. */
  const lingeringAt = (index: number | null) =>
    lingering
      .filter((row) => (index === null ? row.index >= rowCount : row.index === index))
      .map((row) => (
        <LingeringRowView key={`lingering-${row.execution.id}`} row={row} columns={visibleCount} />
      ))

  const openFromClick = useCallback(
    (event: MouseEvent, id: string) => {
      if (!fromInnerControl(event.target)) onOpen(id)
    },
    [onOpen],
  )

  return (
    <SelectionContext.Provider value={selectionContext}>
      {/* A wide table scrolls inside its own region, never the page. */}
      <div className="table-region">
        <table
          id={EXECUTIONS_TABLE_ID}
          role="grid"
          tabIndex={-1}
          {...timeTooltip.handlers}
          // The skip link and Esc from the filter land on the table: hand focus on to its tab-stop row.
          onFocus={(event) => {
            if (event.target === event.currentTarget)
              event.currentTarget.querySelector<HTMLElement>('tbody tr[tabindex="0"]')?.focus()
            else timeTooltip.handlers.onFocus(event)
          }}
          className={`data-table executions-table density-${density}${isStale ? ' is-stale' : ''}`}
          aria-busy={isLoading || isStale}
          ref={tableRef}
        >
          <caption className="visually-hidden">
            Executions, in the order the API returned them. Arrow keys move between rows, Enter opens the
            attempts, r reschedules, x selects; Left and Right reach the buttons in a row.
          </caption>
          {/* The ID header holds the page's checkbox: screen readers name the column by "ID" alone. */}
          <DataTableHead table={table} names={ID_HEADER_NAME} />
          {/* The rows' keys (see useGridKeys); the body only listens, each row is the focusable control. */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
          <tbody onKeyDown={grid.onKeyDown} onFocus={grid.onFocus}>
            <InGridRowContext.Provider value={true}>
              <ChipRoomContext.Provider value={chipRoom}>
                {isLoading
                  ? Array.from({ length: skeletonRows }, (_, index) => (
                      <tr key={index} aria-hidden="true">
                        {Array.from({ length: visibleCount }, (_column, cell) => (
                          <td key={cell}>
                            <span className="skeleton" />
                          </td>
                        ))}
                      </tr>
                    ))
                  : rows.map((row, index) => (
                      <Fragment key={row.id}>
                        {lingeringAt(index)}
                        <ExecutionRow
                          execution={row}
                          columns={visibleColumns}
                          isTabStop={row.id === grid.tabStopId}
                          isOpen={row.id === selectedId}
                          isChecked={selection?.isSelected(row.id) ?? false}
                          isChanged={props.changed?.has(row.id) ?? false}
                          onClick={openFromClick}
                        />
                      </Fragment>
                    ))}
                {isLoading ? null : lingeringAt(null)}
                {isLoading
                  ? null
                  : rejected.map((row) => (
                      <tr
                        key={`rejected-${row.index}`}
                        className="rejected-row"
                        aria-label={`Unreadable row ${row.id ?? `at position ${row.index + 1}`}`}
                      >
                        <td colSpan={visibleCount}>
                          <code className="mono">{row.id ?? '(no id)'}</code>{' '}
                          <span className="badge tone-unknown">Could not be read</span>{' '}
                          {row.problems.join('; ')}
                        </td>
                      </tr>
                    ))}
              </ChipRoomContext.Provider>
            </InGridRowContext.Provider>
          </tbody>
        </table>
        {timeTooltip.tooltip}
      </div>
    </SelectionContext.Provider>
  )
}
