import {
  columnOrderingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  tableFeatures,
} from '@tanstack/react-table'
import type { ReactNode } from 'react'
import { readMetadata, type Execution } from '../../api'
import { stateCell } from '../../components/StateBadge'
import type { TimeMode } from '../../components/TimeDisplay'
import { timestampCell } from '../../components/TimeCells'
import { IdCell } from './IdCell'
import { MetadataCell } from './MetadataCell'
import { SelectPageCell } from './rowSelection'

/** What each column adds to TanStack's definition: how it draws its cell for one execution. */
interface ExecutionColumnMeta {
  /** The whole `<td>`. A plain function, called by ExecutionRow: it may not call hooks. */
  td: (execution: Execution) => ReactNode
}

export const executionTableFeatures = tableFeatures({
  columnVisibilityFeature,
  columnOrderingFeature,
  columnMeta: {} as ExecutionColumnMeta,
})

/** The columns a user may hide or move; the id column, with the row's checkbox, stays first. */
export const CHOOSABLE_COLUMNS: readonly (readonly [id: string, label: string])[] = [
  ['state', 'State'],
  ['created_at', 'Created'],
  ['updated_at', 'Updated'],
  ['metadata', 'Metadata'],
  ['actions', 'Actions'],
]

const column = createColumnHelper<typeof executionTableFeatures, Execution>()

export interface ExecutionColumnCallbacks {
  onMetadataClick: (key: string, value: string) => void
  /** The Times setting: times are drawn in it, so a change builds new columns (and redraws the rows). */
  timeMode: TimeMode
  /** Adds an Actions column when given. Called in ExecutionRow's render (see `meta.td`): no hooks in it. */
  renderActions?: (execution: Execution) => ReactNode
}

/**
 * With `selectable`, the id column holds the checkboxes; they read the selection from SelectionContext.
 * TanStack keeps the headers, order and visibility; the rows are drawn from each column's `meta.td`,
 * straight from the data, without TanStack's row and cell objects (see ExecutionRow).
 */
export function createExecutionColumns(
  { onMetadataClick, renderActions, timeMode }: ExecutionColumnCallbacks,
  selectable = false,
) {
  const actions = renderActions
    ? [
        column.display({
          id: 'actions',
          header: 'Actions',
          meta: { td: (execution) => <td data-column="actions">{renderActions(execution)}</td> },
        }),
      ]
    : []
  return column.columns([
    column.display({
      id: 'id',
      header: selectable
        ? () => (
            <>
              <SelectPageCell /> ID
            </>
          )
        : 'ID',
      meta: { td: (execution) => <IdCell id={execution.id} /> },
    }),
    column.display({
      id: 'state',
      header: 'State',
      meta: { td: (execution) => stateCell(execution.state, 'state') },
    }),
    column.display({
      id: 'created_at',
      header: 'Created',
      meta: { td: (execution) => timestampCell(execution.created_at, 'created_at', timeMode) },
    }),
    column.display({
      id: 'updated_at',
      header: 'Updated',
      meta: { td: (execution) => timestampCell(execution.updated_at, 'updated_at', timeMode) },
    }),
    column.display({
      id: 'metadata',
      header: 'Metadata',
      meta: {
        td: (execution) => (
          <MetadataCell
            id={execution.id}
            entries={Object.entries(readMetadata(execution))}
            onFilter={onMetadataClick}
          />
        ),
      },
    }),
    ...actions,
  ])
}
