import { lazy, Suspense, useState } from 'react'
import { useCommands } from '../../components/useCommands'

const AuditDialog = lazy(async () => ({ default: (await import('./AuditDialog')).AuditDialog }))

/** Audit: who rescheduled what, when, and what came of it (the server's trail). */
export function AuditButton({ onShowRun }: { onShowRun?: (run: string) => void }) {
  const [isOpen, setOpen] = useState(false)
  useCommands(() => [
    {
      id: 'audit',
      label: 'Audit trail',
      group: 'Action',
      keywords: 'who rescheduled history log',
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
        Audit
      </button>
      {isOpen ? (
        <Suspense fallback={<span role="status">Opening…</span>}>
          <AuditDialog onClose={() => setOpen(false)} onShowRun={onShowRun} />
        </Suspense>
      ) : null}
    </>
  )
}
