import { useTable } from '@tanstack/react-table'
import { useMemo } from 'react'
import type { Execution } from '../../api'
import { createExecutionColumns, executionTableFeatures } from './executionColumns'

const SKELETON_ROWS = 8

interface ExecutionsTableProps {
  rows: readonly Execution[]
  isLoading: boolean
}

export function ExecutionsTable({ rows, isLoading }: ExecutionsTableProps) {
  const columns = useMemo(() => createExecutionColumns(), [])
  const table = useTable({
    features: executionTableFeatures,
    columns,
    data: rows as Execution[],
    getRowId: (row) => row.id,
  })
  const columnCount = columns.length

  return (
    <table className="data-table" aria-busy={isLoading}>
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
          ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
              <tr key={index} className="skeleton-row" aria-hidden="true">
                {Array.from({ length: columnCount }, (_, cell) => (
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
