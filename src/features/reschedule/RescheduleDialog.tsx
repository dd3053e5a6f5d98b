import type { ReactNode } from 'react'
import { IdText } from '../../components/IdText'
import '../../styles/dialogs.css'
import { useId, useLayoutEffect, useRef } from 'react'
import { ignoreKeyRepeat } from './keyRepeat'
import type { Execution } from '../../api'
import { describeState } from '../../components/StateCell'
import { formatAge } from '../../lib/formatAge'
import { useNow } from '../../lib/useNow'
import type { RecentReschedule } from '../../api'
import { visibleText } from '../../../shared/visibleText'

export type DialogPhase =
  | { kind: 'confirm' }
  | { kind: 'pending' }
  | { kind: 'refused'; message: string }
  | { kind: 'unknown'; message: string }
  | { kind: 'new-execution'; newId: string; message: ReactNode }

interface RescheduleDialogProps {
  execution: Execution
  recent: RecentReschedule | undefined
  /** What that earlier reschedule did, in words (see rescheduleWording.ts). */
  recentText: string
  phase: DialogPhase
  onConfirm: () => void
  onCancel: () => void
  onOpenNew: (id: string) => void
}

/** A modal confirmation; the native <dialog> gives focus containment, Esc and an inert background. */
export function RescheduleDialog({
  execution,
  recent,
  recentText,
  phase,
  onConfirm,
  onCancel,
  onOpenNew,
}: RescheduleDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const confirmRef = useRef<HTMLButtonElement>(null)
  const now = useNow(10_000)
  const titleId = useId()
  const bodyId = useId()
  const isPending = phase.kind === 'pending'
  const canConfirm = phase.kind === 'confirm' || phase.kind === 'pending' || phase.kind === 'refused'

  // Layout effect: its cleanup runs while the dialog is still attached, so close() hands focus back.
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
      onCancel={(event) => {
        event.preventDefault()
        if (!isPending) onCancel()
      }}
    >
      <h2 id={titleId} className="panel-title">
        Reschedule {execution.id}?
      </h2>
      <p id={bodyId}>
        Execution <code className="mono">{visibleText(execution.id)}</code> is currently{' '}
        <strong>{describeState(execution.state).label}</strong>. It will be scheduled to run again.
      </p>
      {recent && phase.kind === 'confirm' ? (
        <p className="dialog-warning">
          You already rescheduled it {formatAge(recent.at, now)} ({recentText.toLowerCase()}). Confirming
          sends another reschedule.
        </p>
      ) : null}
      {phase.kind === 'refused' ? (
        <p className="dialog-error" role="alert">
          Rescheduling failed: {phase.message}
        </p>
      ) : null}
      {phase.kind === 'unknown' ? (
        <p className="dialog-error" role="alert">
          The outcome is unknown: {phase.message} The execution may have been rescheduled; the list is being
          refreshed. Check its state before trying again.
        </p>
      ) : null}
      {phase.kind === 'new-execution' ? <p role="status">{phase.message}</p> : null}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onCancel} disabled={isPending}>
          {canConfirm ? 'Cancel' : 'Close'}
        </button>
        {phase.kind === 'new-execution' ? (
          <button type="button" className="button button-primary" onClick={() => onOpenNew(phase.newId)}>
            Open <IdText id={phase.newId} />
          </button>
        ) : null}
        {canConfirm ? (
          <button
            type="button"
            className="button button-primary"
            ref={confirmRef}
            onClick={onConfirm}
            onKeyDown={ignoreKeyRepeat}
            aria-disabled={isPending}
          >
            {isPending ? 'Rescheduling…' : 'Reschedule'}
          </button>
        ) : null}
      </div>
    </dialog>
  )
}
