import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { applyRescheduleAnswer, executionKeys, rescheduleExecution, type RescheduleOutcome } from '../../api'
import { startBulkRun, type BulkRun, type RunSnapshot } from './bulkRun'
import { useSelectionActions } from './selection'
import { lastBulkRunSlice } from '../../components/lastBulkRun'
import { visibleText } from '../../../shared/visibleText'
import { useClientStore } from '../../lib/useClientStore'

export function describeOutcome(outcome: RescheduleOutcome): string {
  switch (outcome.kind) {
    case 'applied':
      return `rescheduled; state now ${outcome.execution.state}`
    case 'new-execution':
      return `rescheduled as new execution ${visibleText(outcome.execution.id)}`
    case 'requested':
      return `requested (HTTP ${outcome.status}); the answer did not include the execution`
  }
}

const isActive = (snapshot: RunSnapshot | null) =>
  snapshot !== null && ['running', 'paused', 'cancelling'].includes(snapshot.status)

/*
 * Cache rules for a bulk run (api/reschedule.ts): each answer that carries the execution is written into
 * the cached list pages at once; the lists are invalidated once when the run ends, not per item (a thousand
 * PATCHes must not cause a thousand refetches). Rescheduled ids leave the selection; failed and unknown ones
 * stay. The run's own outcome per id is the dialog's state (RunSnapshot), not mutation state: a run of
 * thousands would crowd the mutation cache every row's button reads.
 */
export function useBulkRun() {
  const queryClient = useQueryClient()
  const selection = useSelectionActions()
  const store = useClientStore()
  const [snapshot, setSnapshot] = useState<RunSnapshot | null>(null)
  const runRef = useRef<BulkRun | null>(null)
  const runIdRef = useRef('')
  const active = isActive(snapshot)

  // Leaving the page mid-run would leave the rest unsent: the browser asks first.
  useEffect(() => {
    if (!active) return
    const ask = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', ask)
    return () => window.removeEventListener('beforeunload', ask)
  }, [active])

  const start = useCallback(
    /** `view`: what the run acts on, kept on its records in the audit trail (lib/shownRun runViewOf). */
    (ids: readonly string[], concurrency: number, view: string) => {
      if (runRef.current) return
      const bulkRun = crypto.randomUUID()
      runIdRef.current = bulkRun
      const run = startBulkRun({
        ids,
        concurrency,
        onChange: setSnapshot,
        send: async (id) => {
          const outcome = await rescheduleExecution(id, { bulkRun, bulkView: view })
          applyRescheduleAnswer(queryClient, outcome)
          return describeOutcome(outcome)
        },
      })
      runRef.current = run
      void run.finished.then(() => {
        runRef.current = null
        void queryClient.invalidateQueries({ queryKey: executionKeys.lists() })
      })
    },
    [queryClient],
  )

  useEffect(() => {
    if (snapshot && (snapshot.status === 'finished' || snapshot.status === 'cancelled')) {
      selection.remove([...snapshot.results].filter(([, result]) => result.kind === 'done').map(([id]) => id))
      store.set(lastBulkRunSlice, { count: snapshot.done, at: Date.now(), run: runIdRef.current })
    }
  }, [snapshot, selection, store])

  return {
    snapshot,
    active,
    start,
    pause: () => runRef.current?.pause(),
    resume: () => runRef.current?.resume(),
    cancel: () => runRef.current?.cancel(),
    reset: () => setSnapshot(null),
  }
}
