import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useRef, useSyncExternalStore } from 'react'
import { findCachedExecution, type Execution, type RescheduleOutcome } from '../../api'
import { useAnnounce } from '../../components/Announcer'
import { describeApiError } from '../../components/describeApiError'
import { useRecentReschedule } from './recentReschedules'
import type { DialogPhase } from './RescheduleDialog'
import { recentLabel, successMessage } from './rescheduleWording'
import { isUnknownOutcome, useRescheduleExecution } from './useRescheduleExecution'

// The dialog's markup loads on the first confirmation (kept out of the first load).
const RescheduleDialog = lazy(async () => ({
  default: (await import('./RescheduleDialog')).RescheduleDialog,
}))

/** The execution as the cache knows it now (a refresh may have changed it), else as it was when opened. */
function useLatestExecution(snapshot: Execution): Execution {
  const queryClient = useQueryClient()
  const cache = queryClient.getQueryCache()
  return useSyncExternalStore(
    (listener) => cache.subscribe(listener),
    () => findCachedExecution(queryClient, snapshot.id) ?? snapshot,
  )
}

function phaseOf(
  mutation: ReturnType<typeof useRescheduleExecution>,
  newExecution: RescheduleOutcome | undefined,
): DialogPhase {
  if (mutation.isPending) return { kind: 'pending' }
  if (newExecution?.kind === 'new-execution') {
    return { kind: 'new-execution', newId: newExecution.execution.id, message: successMessage(newExecution) }
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
  onClose,
}: {
  snapshot: Execution
  onClose: (openInstead?: string) => void
}) {
  const execution = useLatestExecution(snapshot)
  const recent = useRecentReschedule(snapshot.id)
  const mutation = useRescheduleExecution()
  const announce = useAnnounce()
  const inFlight = useRef(false)

  const confirm = () => {
    // The ref closes the gap before isPending re-renders: a double-click or a second Enter sends nothing.
    if (inFlight.current || mutation.isPending) return
    inFlight.current = true
    mutation.mutate(snapshot.id, {
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

  const phase = phaseOf(mutation, mutation.data)
  return (
    <Suspense fallback={null}>
      <RescheduleDialog
        execution={execution}
        recent={recent}
        recentText={recent ? recentLabel(recent) : ''}
        phase={phase}
        onConfirm={confirm}
        onCancel={() => onClose()}
        onOpenNew={(id) => onClose(id)}
      />
    </Suspense>
  )
}
