import type { ReactTable, RowData, TableFeatures } from '@tanstack/react-table'

/**
 * The <thead> of any TanStack table: one row per header group, column headers with scope="col". `names`
 * gives a header its accessible name by column id, where its content would say more (a checkbox in it).
 */
export function DataTableHead<TFeatures extends TableFeatures, TData extends RowData>({
  table,
  names,
}: {
  table: ReactTable<TFeatures, TData>
  names?: Readonly<Record<string, string>>
}) {
  return (
    <thead>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id}>
          {group.headers.map((header) => (
            <th key={header.id} scope="col" aria-label={names?.[header.column.id]}>
              {header.isPlaceholder ? null : <table.FlexRender header={header} />}
            </th>
          ))}
        </tr>
      ))}
    </thead>
  )
}
