import { useTable } from '@tanstack/react-table'
import { useMemo } from 'react'
import { DataTableHead } from '../../components/DataTableHead'
import { useQuery } from '@tanstack/react-query'
import type { Attempt, Execution } from '../../api'
import { linksQuery } from '../../api/links'
import { isAttemptLink } from '../../../shared/linkTemplates'
import { attemptTableFeatures, createAttemptColumns } from './attemptColumns'

interface AttemptsTableProps {
  executionId: string
  /** What the panel knows of the execution: its attempts' links are built from it. */
  execution: Execution | undefined
  rows: readonly Attempt[]
  isStale: boolean
}

export function AttemptsTable({ executionId, execution, rows, isStale }: AttemptsTableProps) {
  const withLinks = useQuery(linksQuery()).data?.links.some(isAttemptLink) ?? false
  const columns = useMemo(() => createAttemptColumns(withLinks ? execution : null), [withLinks, execution])
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
