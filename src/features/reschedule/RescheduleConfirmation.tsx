import { useRef } from 'react'
import { findSourcedExecution, isUnknownOutcome, type Execution } from '../../api'
import { useAnnounce } from '../../components/Announcer'
import { describeApiError } from '../../components/describeApiError'
import { focusIsPlaced } from '../../lib/focusIsPlaced'
import { useQueryCacheSelector } from '../../lib/useQueryCacheSelector'
import { RescheduleDialog, type DialogPhase } from './RescheduleDialog'
import { successMessage } from './rescheduleWording'
import { recentLabel, useRecentReschedule } from './useRecentReschedule'
import { useRescheduleExecution } from './useRescheduleExecution'

function phaseOf(mutation: ReturnType<typeof useRescheduleExecution>): DialogPhase {
  if (mutation.isPending) return { kind: 'pending' }
  if (mutation.data?.kind === 'new-execution') {
    return {
      kind: 'new-execution',
      newId: mutation.data.execution.id,
      message: successMessage(mutation.data),
    }
  }
  if (mutation.isError) {
    const message = describeApiError(mutation.error).message
    return isUnknownOutcome(mutation.error) ? { kind: 'unknown', message } : { kind: 'refused', message }
  }
  return { kind: 'confirm' }
}

/** Sends exactly one PATCH per confirmation, closes on its answer, and says only what the answer proves. */
export function RescheduleConfirmation({
  snapshot,
  opener,
  onClosed,
  onOpenExecution,
  onRestoreFocus,
}: {
  snapshot: Execution
  /** What opened the dialog, to hand focus back to. */
  opener: HTMLElement | null
  /** The dialog is done: take it away. */
  onClosed: () => void
  /** Opens another execution's attempts, e.g. the new execution a reschedule answer named. */
  onOpenExecution: (id: string) => void
  /** The opener is gone and nothing holds focus: put it where the execution was. */
  onRestoreFocus: (id: string) => void
}) {
  // The execution as the cache knows it now (a refresh may have changed it), else as it was when opened.
  const execution =
    useQueryCacheSelector((client) => findSourcedExecution(client, snapshot.id)?.execution) ?? snapshot
  const recent = useRecentReschedule(snapshot.id)
  const mutation = useRescheduleExecution(snapshot.id)
  const announce = useAnnounce()
  const inFlight = useRef(false)

  const onClose = (openInstead?: string) => {
    onClosed()
    if (openInstead) {
      onOpenExecution(openInstead)
      return
    }
    // After the modal has gone: while it is open the rest of the page is inert. Focus that something has
    // already placed stays (the dialog hands it back to its opener; when the opener's row left the list,
    // the list hands it to the row now in its place).
    requestAnimationFrame(() => {
      if (focusIsPlaced()) return
      if (opener?.isConnected) opener.focus()
      else onRestoreFocus(snapshot.id)
    })
  }

  const confirm = () => {
    // The ref closes the gap before isPending re-renders: a double-click or a second Enter sends nothing.
    if (inFlight.current || mutation.isPending) return
    inFlight.current = true
    mutation.mutate(undefined, {
      onSuccess: (outcome) => {
        if (outcome.kind === 'new-execution') return
        announce(successMessage(outcome))
        onClose()
      },
      onSettled: () => {
        inFlight.current = false
      },
    })
  }

  return (
    <RescheduleDialog
      execution={execution}
      recent={recent}
      recentText={recent ? recentLabel(recent) : ''}
      phase={phaseOf(mutation)}
      onConfirm={confirm}
      onCancel={() => onClose()}
      onOpenNew={(id) => onClose(id)}
    />
  )
}
