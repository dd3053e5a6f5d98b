import { useTable } from '@tanstack/react-table'
import { useMemo } from 'react'
import type { Execution } from '../../api'
import {
  createExecutionColumns,
  executionTableFeatures,
  type ExecutionColumnCallbacks,
} from './executionColumns'

interface ExecutionsTableProps extends ExecutionColumnCallbacks {
  rows: readonly Execution[]
  /** First load: skeleton rows of `skeletonRows` instead of data. */
  isLoading: boolean
  skeletonRows: number
  /** Old rows stay while a new page or filter loads. */
  isStale: boolean
}

export function ExecutionsTable({
  rows,
  isLoading,
  skeletonRows,
  isStale,
  onMetadataClick,
}: ExecutionsTableProps) {
  const columns = useMemo(() => createExecutionColumns({ onMetadataClick }), [onMetadataClick])
  const table = useTable({
    features: executionTableFeatures,
    columns,
    data: rows as Execution[],
    getRowId: (row) => row.id,
  })

  return (
    <table className={`data-table${isStale ? ' is-stale' : ''}`} aria-busy={isLoading || isStale}>
      <caption className="visually-hidden">Executions, newest first</caption>
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => (
              <th key={header.id} scope="col">
                {header.isPlaceholder ? null : <table.FlexRender header={header} />}
              </th>
            ))}
          </tr>
        ))}
      </thead>
      <tbody>
        {isLoading
          ? Array.from({ length: skeletonRows }, (_, index) => (
              <tr key={index} aria-hidden="true">
                {columns.map((_column, cell) => (
                  <td key={cell}>
                    <span className="skeleton" />
                  </td>
                ))}
              </tr>
            ))
          : table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
      </tbody>
    </table>
  )
}
