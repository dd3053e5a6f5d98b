import { createColumnHelper, tableFeatures } from '@tanstack/react-table'
import type { Execution } from '../../api'
import { StateBadge } from '../../components/StateBadge'
import { Timestamp } from '../../components/Timestamp'

export const executionTableFeatures = tableFeatures({})

const column = createColumnHelper<typeof executionTableFeatures, Execution>()

export function createExecutionColumns() {
  return column.columns([
    column.accessor('id', {
      header: 'ID',
      cell: (info) => <code className="mono">{info.getValue()}</code>,
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
  ])
}
