import { lazy, Suspense, useId, useState } from 'react'
import { useListDisplay } from '../../components/ListDisplay'
import { CHOOSABLE_COLUMNS } from './executionColumns'

const ColumnChooserPanel = lazy(async () => ({
  default: (await import('./ColumnChooserPanel')).ColumnChooserPanel,
}))

/** Show, hide and reorder the list's columns; remembered in this browser and kept by saved views. */
export function ColumnChooser() {
  const [isOpen, setOpen] = useState(false)
  const { columns, setColumns } = useListDisplay()
  const panelId = useId()
  return (
    <div className="column-chooser">
      <button
        type="button"
        className="button button-small"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setOpen((open) => !open)}
      >
        Columns…
      </button>
      {isOpen ? (
        <Suspense fallback={null}>
          <ColumnChooserPanel
            id={panelId}
            onClose={() => setOpen(false)}
            choosable={CHOOSABLE_COLUMNS}
            columns={columns}
            setColumns={setColumns}
          />
        </Suspense>
      ) : null}
    </div>
  )
}
