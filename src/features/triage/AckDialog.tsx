import '../../styles/dialogs.css'
import { useMutation } from '@tanstack/react-query'
import { useId, useRef, useState, type SyntheticEvent } from 'react'
import { ModalDialog } from '../../components/ModalDialog'
import { describeApiError } from '../../components/describeApiError'
import { MAX_ACK_NOTE } from '../../../shared/triage'
import { plural } from './groupWords'

export interface AckDialogProps {
  label: string
  /** Its failures nobody has addressed, as the board last said. */
  open: number
  size: number
  /** Sends the acknowledgement; resolves with how many failures it covered. */
  onAcknowledge: (note: string) => Promise<{ count: number }>
  onDone: (count: number) => void
  onClose: () => void
}

/** A note (a ticket, a reason) and one Acknowledge: one click sends one request, never two. */
export function AckDialog({ label, open, size, onAcknowledge, onDone, onClose }: AckDialogProps) {
  const titleId = useId()
  const noteId = useId()
  const [note, setNote] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  // A second Enter or click before the first render of "Acknowledging…" must not send a second request.
  const sending = useRef(false)
  const mutation = useMutation({
    mutationFn: onAcknowledge,
    onSuccess: ({ count }) => onDone(count),
    onSettled: () => {
      sending.current = false
    },
  })
  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (sending.current) return
    const text = note.trim()
    if (text === '') return setProblem('Say why: a ticket, an incident or a reason.')
    if (text.length > MAX_ACK_NOTE) return setProblem(`The note is longer than ${MAX_ACK_NOTE} characters.`)
    setProblem(null)
    sending.current = true
    mutation.mutate(text)
  }
  return (
    <ModalDialog labelledBy={titleId} className="dialog" onEscape={mutation.isPending ? () => {} : onClose}>
      <form onSubmit={submit}>
        <h2 id={titleId}>Acknowledge the failures of {label}</h2>
        <p>
          Marks all {plural(size, 'failure')} of this group as addressed for everyone (
          {open.toLocaleString('en')} open now). The audit trail records who and when; Undo takes it back. A
          later failure of the same execution is open again.
        </p>
        <label htmlFor={noteId}>Note (a ticket or a reason)</label>
        <textarea
          id={noteId}
          value={note}
          maxLength={MAX_ACK_NOTE}
          rows={3}
          aria-invalid={problem !== null}
          aria-describedby={`${noteId}-hint${problem ? ` ${noteId}-problem` : ''}`}
          onChange={(event) => setNote(event.target.value)}
          onKeyDown={(event) => {
            // Enter acknowledges, as in a one-line field; Shift+Enter starts a new line.
            if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
            event.preventDefault()
            event.currentTarget.form?.requestSubmit()
          }}
        />
        <p id={`${noteId}-hint`} className="muted">
          Enter acknowledges; Shift+Enter starts a new line.
        </p>
        {problem ? (
          <p id={`${noteId}-problem`} className="field-problem" role="alert">
            {problem}
          </p>
        ) : null}
        {mutation.error ? (
          <p className="field-problem" role="alert">
            Nothing was acknowledged: {describeApiError(mutation.error).message}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="submit" className="button button-primary" disabled={mutation.isPending}>
            {mutation.isPending ? 'Acknowledging…' : 'Acknowledge'}
          </button>
          <button type="button" className="button" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}
