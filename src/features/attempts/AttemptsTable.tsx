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
                <td
                  key={cell.id}
                  data-label={cell.column.id === 'id' ? undefined : headerText(cell.column.columnDef.header)}
                >
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

/** A column's header as text, shown as the field's name when rows become cards. */
function headerText(header: unknown): string | undefined {
  return typeof header === 'string' ? header : undefined
}
