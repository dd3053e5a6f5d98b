import { useId, useState } from 'react'
import { ColumnChooserPanel } from './ColumnChooserPanel'

/** Show, hide and reorder the list's columns; remembered in this browser and kept by saved views. */
export function ColumnChooser() {
  const [isOpen, setOpen] = useState(false)
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
      {isOpen ? <ColumnChooserPanel id={panelId} onClose={() => setOpen(false)} /> : null}
    </div>
  )
}
