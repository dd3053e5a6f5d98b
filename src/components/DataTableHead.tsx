import type { ReactTable, RowData, TableFeatures } from '@tanstack/react-table'

/** The <thead> of any TanStack table: one row per header group, column headers with scope="col". */
export function DataTableHead<TFeatures extends TableFeatures, TData extends RowData>({
  table,
}: {
  table: ReactTable<TFeatures, TData>
}) {
  return (
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
  )
}
