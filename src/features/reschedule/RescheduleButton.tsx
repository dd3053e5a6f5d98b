import { useRef, useState } from 'react'
import type { Execution } from '../../api'
import { useAnnounce } from '../../components/Announcer'
import { RescheduleDialog } from './RescheduleDialog'
import { useRescheduleExecution } from './useRescheduleExecution'

/** "Reschedule <id>": asks for confirmation, then sends exactly one PATCH however often confirm is pressed. */
export function RescheduleButton({ execution }: { execution: Execution }) {
  const [isOpen, setIsOpen] = useState(false)
  const mutation = useRescheduleExecution()
  const announce = useAnnounce()
  const inFlight = useRef(false)
  const buttonRef = useRef<HTMLButtonElement>(null)

  const close = () => {
    setIsOpen(false)
    mutation.reset()
    // After the modal dialog has gone; while it is open the rest of the page is inert.
    requestAnimationFrame(() => buttonRef.current?.focus())
  }

  const confirm = () => {
    // The ref closes the gap before isPending re-renders: a double-click or a second Enter sends nothing.
    if (inFlight.current) return
    inFlight.current = true
    mutation.mutate(execution.id, {
      onSuccess: (updated) => {
        announce(`Execution ${updated.id} rescheduled; state is now ${updated.state}`)
        close()
      },
      onSettled: () => {
        inFlight.current = false
      },
    })
  }

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="button button-small"
        aria-label={`Reschedule ${execution.id}`}
        onClick={() => setIsOpen(true)}
      >
        Reschedule
      </button>
      {isOpen ? (
        <RescheduleDialog
          execution={execution}
          isPending={mutation.isPending}
          error={mutation.error}
          onConfirm={confirm}
          onCancel={close}
        />
      ) : null}
    </>
  )
}
