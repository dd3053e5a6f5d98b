import { lazy, Suspense, useState } from 'react'
import { useCommands } from '../../components/useCommands'

const ExportDialog = lazy(async () => ({ default: (await import('./ExportDialog')).ExportDialog }))

export function ExportButton({ search }: { search: string }) {
  const [isOpen, setOpen] = useState(false)
  useCommands(() => [
    {
      id: 'export',
      label: 'Export…',
      group: 'Action',
      keywords: 'download csv ndjson file',
      run: () => setOpen(true),
    },
  ])
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
