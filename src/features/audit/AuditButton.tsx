import { useCommands } from '../../components/useCommands'

/** Audit trail: who rescheduled and acknowledged what (the server's trail), as a view of its own (`audit=1`). */
export function AuditButton({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  useCommands(() => [
    {
      id: 'audit',
      label: open ? 'Close the audit trail' : 'Audit trail',
      group: 'Action',
      keywords: 'who rescheduled acknowledged history log t',
      run: onToggle,
    },
  ])
  return (
    <button
      type="button"
      className="button button-small"
      aria-pressed={open}
      aria-keyshortcuts="t"
      onClick={onToggle}
    >
      Audit
    </button>
  )
}
