import { lazy, Suspense, useState } from 'react'

const ExportDialog = lazy(async () => ({ default: (await import('./ExportDialog')).ExportDialog }))

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
      {isOpen ? (
        <Suspense fallback={<span role="status">Opening…</span>}>
          <ExportDialog search={search} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  )
}
