import {
  columnOrderingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  tableFeatures,
} from '@tanstack/react-table'
import type { ReactNode } from 'react'
import { readMetadata, type Execution } from '../../api'
import { CopyButton } from '../../components/CopyButton'
import { StateBadge } from '../../components/StateBadge'
import { Timestamp } from '../../components/Timestamp'
import { middleTruncate } from '../../lib/middleTruncate'
import { MetadataChips } from './MetadataChips'
import { SelectPageCell, SelectRowCell } from './rowSelection'

export const executionTableFeatures = tableFeatures({ columnVisibilityFeature, columnOrderingFeature })

/** The columns a user may hide or move (the selection column stays first, the id column stays shown). */
export const CHOOSABLE_COLUMNS: readonly (readonly [id: string, label: string])[] = [
  ['id', 'ID'],
  ['state', 'State'],
  ['created_at', 'Created'],
  ['updated_at', 'Updated'],
  ['metadata', 'Metadata'],
  ['actions', 'Actions'],
]
export const ALWAYS_SHOWN = 'id'

const column = createColumnHelper<typeof executionTableFeatures, Execution>()

export interface ExecutionColumnCallbacks {
  onMetadataClick: (key: string, value: string) => void
  /** Adds an Actions column when given. */
  renderActions?: (execution: Execution) => ReactNode
}

/** With `selectable`, a checkbox column comes first; its cells read the selection from SelectionContext. */
export function createExecutionColumns(
  { onMetadataClick, renderActions }: ExecutionColumnCallbacks,
  selectable = false,
) {
  const selectColumn = selectable
    ? [
        column.display({
          id: 'select',
          header: () => <SelectPageCell />,
          cell: (info) => <SelectRowCell id={info.row.original.id} />,
        }),
      ]
    : []
  const actions = renderActions
    ? [
        column.display({
          id: 'actions',
          header: 'Actions',
          cell: (info) => renderActions(info.row.original),
        }),
      ]
    : []
  return column.columns([
    ...selectColumn,
    column.accessor('id', {
      header: 'ID',
      cell: (info) => {
        const id = info.getValue()
        return (
          <>
            <code className="mono" title={id}>
              {middleTruncate(id)}
            </code>{' '}
            <CopyButton value={id} label={`Copy ID ${id}`} />
          </>
        )
      },
    }),
    column.accessor('state', {
      header: 'State',
      cell: (info) => <StateBadge state={info.getValue()} />,
    }),
    column.accessor('created_at', {
      header: 'Created',
      cell: (info) => <Timestamp value={info.getValue()} />,
    }),
    column.accessor('updated_at', {
      header: 'Updated',
      cell: (info) => <Timestamp value={info.getValue()} />,
    }),
    column.display({
      id: 'metadata',
      header: 'Metadata',
      cell: (info) => (
        <MetadataChips
          id={info.row.original.id}
          entries={Object.entries(readMetadata(info.row.original))}
          onFilter={onMetadataClick}
        />
      ),
    }),
    ...actions,
  ])
}
