import { useState } from 'react'
import { ExportDialog } from './ExportDialog'

export function ExportButton({ search }: { search: string }) {
  const [isOpen, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        className="button button-small"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Export…
      </button>
      {isOpen ? <ExportDialog search={search} onClose={() => setOpen(false)} /> : null}
    </>
  )
}
