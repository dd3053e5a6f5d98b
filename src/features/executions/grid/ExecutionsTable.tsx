import {
  Fragment,
  useCallback,
  useMemo,
  useRef,
  type FocusEvent,
  type MouseEvent,
  type ReactNode,
} from 'react'
import type { Execution, RejectedRow } from '../../../api'
import { InGridRowContext } from '../../../components/cellFocus'
import { columnsSlice, densitySlice } from '../../../components/preferences'
import { useRelativeTimeTicker } from '../../../components/TimeCells'
import { useTimeMode } from '../../../components/TimeDisplay'
import { tabStopRow } from '../../../lib/rowLookup'
import { SORTED_COLUMN, type ListSort } from '../../../../shared/listSort'
import { useSlice } from '../../../lib/useClientStore'
import { ChipRoomContext, useChipRoom } from '../columns/chipRoom'
import { createExecutionColumns, visibleColumns } from '../columns/executionColumns'
import type { LingeringRow } from '../list/listReducer'
import { useListControls } from '../list/LazyControls'
import { ExecutionRow } from './ExecutionRow'
import { SelectionContext, useRangeSelection, type RowSelection } from './rowSelection'
import { useFocusKeeper } from './useFocusKeeper'
import { useGridTabStop } from '../../../components/useGridTabStop'
import { useFirstScreenful } from './useFirstScreenful'

export interface ExecutionsTableProps {
  rows: readonly Execution[]
  /** Rows the API sent that could not be read; shown marked, after the good ones. */
  rejected: readonly RejectedRow[]
  /** Rescheduled rows that no longer match, kept in their old place until the view changes. */
  lingering: readonly LingeringRow[]
  /** First load: skeleton rows of `skeletonRows` instead of data. */
  isLoading: boolean
  skeletonRows: number
  /** Old rows stay while a new page or filter loads. */
  isStale: boolean
  /** Rows whose state changed at the last refresh: marked for a moment. */
  changed: ReadonlySet<string>
  onMetadataClick: (key: string, value: string) => void
  onOpen: (id: string) => void
  selectedId: string | null
  /** Per-row actions of other features (Reschedule), and `r` on a row for the same. */
  renderActions?: ((execution: Execution) => ReactNode) | undefined
  onReschedule?: ((execution: Execution, opener: HTMLElement) => void) | undefined
  /** Focus was in a row that is no longer there (a refresh or a filter dropped it). */
  onFocusLost?: (() => void) | undefined
  /** Adds a checkbox to each row's id cell, and one for the page to the ID header. */
  selection?: RowSelection | undefined
  /** The order the rows are in, from the index; null: the API's. */
  sort?: ListSort | null
  /** Told when focus enters or leaves the list's region (the list is being read). */
  regionHandlers?: { onFocus: () => void; onBlur: (event: FocusEvent<HTMLElement>) => void }
}

/** The skip link's target. */
export const EXECUTIONS_TABLE_ID = 'executions-list'

/** Clicks and Enter on controls inside a row belong to those controls, not to the row. */
function fromInnerControl(target: EventTarget): boolean {
  return target instanceof Element && target.closest('button, a, input, select, textarea, label') !== null
}

export function ExecutionsTable(props: ExecutionsTableProps) {
  const { rows, rejected, lingering, isLoading, isStale, onMetadataClick, renderActions, onOpen } = props
  const { selection, onReschedule } = props
  const sort = props.sort ?? null
  const sortedColumn = sort === null ? null : SORTED_COLUMN[sort]
  const tableRef = useFocusKeeper(rows, props.onFocusLost)
  const toggle = useRangeSelection(rows, selection)
  const timeMode = useTimeMode()
  const layout = useSlice(columnsSlice)
  const density = useSlice(densitySlice)
  const selectable = selection !== undefined
  const columns = useMemo(
    () =>
      visibleColumns(
        createExecutionColumns({ onMetadataClick, renderActions, timeMode }, selectable),
        layout,
      ),
    [onMetadataClick, renderActions, timeMode, selectable, layout],
  )
  useRelativeTimeTicker(tableRef, timeMode === 'relative')
  const selectionContext = useMemo(
    () => (selection ? { selection, rows, onToggle: toggle } : null),
    [selection, rows, toggle],
  )
  const chipRoom = useChipRoom(tableRef, rows.length > 0 && !isLoading)
  const rowIds = useMemo(() => rows.map((row) => row.id), [rows])
  const drawn = useFirstScreenful(rows, isLoading || isStale)
  const whole = drawn.length === rows.length
  const grid = useGridTabStop(rowIds)
  const bodyRef = useRef<HTMLTableSectionElement>(null)
  // The table's keys, tooltip, lingering and rejected rows: the controls' chunk, read once for the whole table.
  const controls = useListControls()
  const openFromClick = useCallback(
    (event: MouseEvent, id: string) => {
      if (!fromInnerControl(event.target)) onOpen(id)
    },
    [onOpen],
  )
  /** The lingering rows that go before row `index`; with null, those whose place is past the last row. */
  const lingeringAt = (index: number | null) =>
    controls === null
      ? null
      : lingering
          .filter((row) => (index === null ? row.index >= rows.length : row.index === index))
          .map((row) => (
            <controls.LingeringRowView
              key={`lingering-${row.execution.id}`}
              row={row}
              columns={columns.length}
            />
          ))
  // The skip link and Esc from the filter land on the table: hand focus on to its tab-stop row.
  const onTableFocus = (event: FocusEvent<HTMLTableElement>) => {
    if (event.target === event.currentTarget) tabStopRow(event.currentTarget)?.focus()
  }

  return (
    <SelectionContext.Provider value={selectionContext}>
      {/* A wide table scrolls inside its own region, never the page. */}
      <div className="table-region" {...props.regionHandlers}>
        <table
          id={EXECUTIONS_TABLE_ID}
          role="grid"
          tabIndex={-1}
          onFocus={onTableFocus}
          className={`data-table executions-table density-${density}${isStale ? ' is-stale' : ''}`}
          aria-busy={isLoading || isStale || !whole}
          aria-describedby={`${EXECUTIONS_TABLE_ID}-help`}
          ref={tableRef}
        >
          {/* A short name; what the keys do and the rows' order are its description. */}
          <caption className="visually-hidden">Executions</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th
                  key={column.id}
                  scope="col"
                  aria-label={column.headerName}
                  aria-sort={
                    column.id !== sortedColumn ? undefined : sort === 'state' ? 'other' : 'descending'
                  }
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          {/* The rows' keys are GridKeys'; each row is the focusable control. */}
          <tbody ref={bodyRef} onFocus={grid.onFocus}>
            <InGridRowContext.Provider value={true}>
              <ChipRoomContext.Provider value={chipRoom}>
                {isLoading ? (
                  <SkeletonRows rows={props.skeletonRows} columns={columns.length} />
                ) : (
                  <>
                    {drawn.map((row, index) => (
                      <Fragment key={row.id}>
                        {lingeringAt(index)}
                        <ExecutionRow
                          execution={row}
                          columns={columns}
                          isTabStop={row.id === grid.tabStopId}
                          isOpen={row.id === props.selectedId}
                          isChecked={selection?.isSelected(row.id) ?? false}
                          isChanged={props.changed.has(row.id)}
                          onClick={openFromClick}
                        />
                      </Fragment>
                    ))}
                    {/* What goes after the last row waits for the rows still being drawn. */}
                    {whole ? lingeringAt(null) : null}
                    {whole && controls ? (
                      <controls.RejectedRows rows={rejected} columns={columns.length} />
                    ) : null}
                  </>
                )}
              </ChipRoomContext.Provider>
            </InGridRowContext.Provider>
          </tbody>
        </table>
        <p id={`${EXECUTIONS_TABLE_ID}-help`} className="visually-hidden">
          {sort === null
            ? 'In the order the API returned them.'
            : "In the dashboard's index's order (the Order setting names it)."}{' '}
          Arrow keys move between rows, Enter opens the attempts, r reschedules, x selects; Left and Right
          reach the buttons in a row.
        </p>
        {controls ? (
          <controls.TableBehaviours
            tooltip={{ tableRef, rowIds }}
            keys={{
              bodyRef,
              onOpen,
              onToggle: selection ? (id) => toggle(id, !selection.isSelected(id), false) : undefined,
              onReschedule: onReschedule
                ? (id, row) => {
                    const execution = rows.find((candidate) => candidate.id === id)
                    if (execution) onReschedule(execution, row)
                  }
                : undefined,
            }}
          />
        ) : null}
      </div>
    </SelectionContext.Provider>
  )
}

function SkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  return Array.from({ length: rows }, (_, index) => (
    <tr key={index} aria-hidden="true">
      {Array.from({ length: columns }, (_column, cell) => (
        <td key={cell}>
          <span className="skeleton" />
        </td>
      ))}
    </tr>
  ))
}
