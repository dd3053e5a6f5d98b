import { useTable } from '@tanstack/react-table'
import { useMemo } from 'react'
import { DataTableHead } from '../../components/DataTableHead'
import type { Attempt } from '../../api'
import { attemptTableFeatures, createAttemptColumns } from './attemptColumns'

interface AttemptsTableProps {
  executionId: string
  rows: readonly Attempt[]
  isStale: boolean
}

export function AttemptsTable({ executionId, rows, isStale }: AttemptsTableProps) {
  const columns = useMemo(() => createAttemptColumns(), [])
  const table = useTable({
    features: attemptTableFeatures,
    columns,
    data: rows,
    getRowId: (row) => row.id,
  })
  return (
    <div className="table-scroll">
      <table
        className={`data-table${isStale ? ' is-stale' : ''}`}
        aria-busy={isStale}
        aria-label={`Attempts of ${executionId}`}
      >
        <DataTableHead table={table} />
        <tbody>
          {table.getRowModel().rows.map((row) => (
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
    </div>
  )
}
