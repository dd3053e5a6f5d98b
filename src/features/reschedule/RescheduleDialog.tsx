import { useId, useLayoutEffect, useRef } from 'react'
import type { Execution } from '../../api'
import { describeApiError } from '../../components/describeApiError'
import { describeState } from '../../components/StateBadge'

interface RescheduleDialogProps {
  execution: Execution
  isPending: boolean
  error: unknown
  onConfirm(): void
  onCancel(): void
}

/** A modal confirmation; the native <dialog> gives focus containment, Esc and an inert background. */
export function RescheduleDialog({
  execution,
  isPending,
  error,
  onConfirm,
  onCancel,
}: RescheduleDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const confirmRef = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  const bodyId = useId()

  // Layout effect: its cleanup runs while the dialog is still attached, so close() hands focus back to the opener.
  useLayoutEffect(() => {
    const dialog = dialogRef.current
    if (dialog && !dialog.open) dialog.showModal()
    confirmRef.current?.focus()
    return () => dialog?.close()
  }, [])

  return (
    <dialog
      ref={dialogRef}
      className="dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      // The dialog sits inside a clickable row and a panel that closes on Esc; its events stop here.
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
      onCancel={(event) => {
        event.preventDefault()
        if (!isPending) onCancel()
      }}
    >
      <h2 id={titleId} className="panel-title">
        Reschedule {execution.id}?
      </h2>
      <p id={bodyId}>
        Execution <code className="mono">{execution.id}</code> is currently{' '}
        <strong>{describeState(execution.state).label}</strong>. It will be scheduled to run again.
      </p>
      {error ? (
        <p className="dialog-error" role="alert">
          Rescheduling failed: {describeApiError(error).message}
        </p>
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onCancel} disabled={isPending}>
          Cancel
        </button>
        <button
          type="button"
          className="button button-primary"
          ref={confirmRef}
          onClick={onConfirm}
          aria-disabled={isPending}
        >
          {isPending ? 'Rescheduling…' : 'Reschedule'}
        </button>
      </div>
    </dialog>
  )
}
