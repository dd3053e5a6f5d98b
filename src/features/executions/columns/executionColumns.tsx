import type { ReactNode } from 'react'
import { readMetadata, type Execution } from '../../../api'
import { stateCell } from '../../../components/StateCell'
import { timestampCell } from '../../../components/TimeCells'
import type { TimeMode } from '../../../components/TimeDisplay'
import { orderedColumns, type ColumnLayout } from '../../../lib/columnLayout'
import { SelectPageCell } from '../grid/rowSelection'
import { durationCell } from './durationCell'
import { IdCell } from './IdCell'
import { MetadataCell } from './MetadataCell'

/**
 * One column of the list: its header, and its whole `<td>` for one execution. The rows are drawn straight
 * from the data (see ExecutionRow and decision 6); `td` is a plain function called in a row's render, so it
 * may not call hooks.
 */
export interface ExecutionColumn {
  id: string
  header: ReactNode
  /** The header's accessible name, where its content would say more (a checkbox in it). */
  headerName?: string
  td: (execution: Execution) => ReactNode
}

/** The columns a user may hide or move; the id column, with the row's checkbox, stays first. */
export const CHOOSABLE_COLUMNS: readonly (readonly [id: string, label: string])[] = [
  ['state', 'State'],
  ['created_at', 'Created'],
  ['updated_at', 'Updated'],
  ['metadata', 'Metadata'],
  ['duration', 'Duration'],
  ['actions', 'Actions'],
]

export interface ExecutionColumnCallbacks {
  onMetadataClick: (key: string, value: string) => void
  /** The Times setting: times are drawn in it, so a change builds new columns (and redraws the rows). */
  timeMode: TimeMode
  /** Adds an Actions column when given. Called in a row's render (see `td`): no hooks in it. */
  renderActions?: ((execution: Execution) => ReactNode) | undefined
}

/** With `selectable`, the id column holds the checkboxes; they read the selection from SelectionContext. */
export function createExecutionColumns(
  { onMetadataClick, renderActions, timeMode }: ExecutionColumnCallbacks,
  selectable = false,
): ExecutionColumn[] {
  const columns: ExecutionColumn[] = [
    {
      id: 'id',
      header: selectable ? (
        <>
          <SelectPageCell /> ID
        </>
      ) : (
        'ID'
      ),
      headerName: 'ID',
      td: (execution) => <IdCell key="id" id={execution.id} />,
    },
    { id: 'state', header: 'State', td: (execution) => stateCell(execution.state, 'state') },
    {
      id: 'created_at',
      header: 'Created',
      td: (execution) => timestampCell(execution.created_at, 'created_at', timeMode),
    },
    {
      id: 'updated_at',
      header: 'Updated',
      td: (execution) => timestampCell(execution.updated_at, 'updated_at', timeMode),
    },
    {
      id: 'duration',
      header: <span title="From created to the last update, for finished executions">Duration</span>,
      headerName: 'Duration',
      td: durationCell,
    },
    {
      id: 'metadata',
      header: 'Metadata',
      td: (execution) => (
        <MetadataCell
          key="metadata"
          id={execution.id}
          entries={Object.entries(readMetadata(execution))}
          onFilter={onMetadataClick}
        />
      ),
    },
  ]
  if (renderActions)
    columns.push({
      id: 'actions',
      header: 'Actions',
      td: (execution) => (
        <td key="actions" data-column="actions">
          {renderActions(execution)}
        </td>
      ),
    })
  return columns
}

/** The saved layout applied: the id column first and always shown, then the chosen order, hidden ones out. */
export function visibleColumns(columns: readonly ExecutionColumn[], layout: ColumnLayout): ExecutionColumn[] {
  const ids = CHOOSABLE_COLUMNS.map(([id]) => id)
  const order = ['id', ...orderedColumns(layout, ids)]
  return columns
    .filter((column) => !layout.hidden.includes(column.id) || column.id === 'id')
    .sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id))
}
