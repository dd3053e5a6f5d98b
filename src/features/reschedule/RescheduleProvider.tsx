import { useQuery } from '@tanstack/react-query'
import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from 'react'
import { recentReschedulesQuery, whoamiQuery, type TrailMark } from '../../api'
import { useAnnounce } from '../../components/Announcer'
import type { Execution } from '../../api'
import { useRefreshPause, useUnstreamedInterval } from '../../components/RefreshSettings'

// The confirmation (dialog, mutation, wording) loads on the first reschedule, not with the list.
const RescheduleConfirmation = lazy(async () => ({
  default: (await import('./RescheduleConfirmation')).RescheduleConfirmation,
}))

export type OpenReschedule = (execution: Execution, opener: HTMLElement | null) => void
const RescheduleContext = createContext<OpenReschedule | null>(null)
const NO_MARKS: Record<string, TrailMark> = {}
/** The trail's last hour, newest reschedule per execution: one read for the whole list, not one per row. */
const TrailContext = createContext<Record<string, TrailMark>>(NO_MARKS)

interface Target {
  snapshot: Execution
  opener: HTMLElement | null
}

interface RescheduleProviderProps {
  children: ReactNode
  /** Opens another execution's attempts, e.g. the new execution a reschedule answer named. */
  onOpenExecution: (id: string) => void
  /** The dialog closed, its opener is gone and nothing holds focus: put it where the execution was. */
  onRestoreFocus: (id: string) => void
}

/**
 * One confirmation dialog for the whole app, keyed by execution id: live data can move or drop the row
 * that opened it without taking the dialog away. Live refresh is paused while it is open.
 */
export function RescheduleProvider({ children, onOpenExecution, onRestoreFocus }: RescheduleProviderProps) {
  const [target, setTarget] = useState<Target | null>(null)
  useRefreshPause(target !== null)
  const refusal = useQuery({ ...whoamiQuery(), select: (who) => who.refusal }).data ?? null
  const announce = useAnnounce()
  // While the tab's live stream is open, the marks come on it (only when they changed): no poll of their own.
  const marks = useQuery({ ...recentReschedulesQuery(), refetchInterval: useUnstreamedInterval() }).data
  // The `r` key and every other way in say the same as the disabled button.
  const open = useCallback<OpenReschedule>(
    (snapshot, opener) => (refusal === null ? setTarget({ snapshot, opener }) : announce(refusal, 'error')),
    [refusal, announce],
  )

  return (
    <RescheduleContext.Provider value={open}>
      <TrailContext.Provider value={marks ?? NO_MARKS}>{children}</TrailContext.Provider>
      {target ? (
        <Suspense fallback={null}>
          <RescheduleConfirmation
            key={target.snapshot.id}
            snapshot={target.snapshot}
            opener={target.opener}
            onClosed={() => setTarget(null)}
            onOpenExecution={onOpenExecution}
            onRestoreFocus={onRestoreFocus}
          />
        </Suspense>
      ) : null}
    </RescheduleContext.Provider>
  )
}

/** Who last rescheduled `id` in the last hour, by the trail (anyone, in any tab); undefined when nobody. */
export const useTrailMark = (id: string): TrailMark | undefined => useContext(TrailContext)[id]

/** Opens the confirmation for an execution; what a row's button and the list's `r` key call. */
export function useOpenReschedule(): OpenReschedule {
  const open = useContext(RescheduleContext)
  if (!open) throw new Error('useOpenReschedule needs a RescheduleProvider')
  return open
}
