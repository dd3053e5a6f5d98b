import { useQuery } from '@tanstack/react-query'
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react'
import { recentReschedulesQuery, whoamiQuery, type RecentReschedule, type TrailMark } from '../../api'
import { useAnnounce } from '../../components/Announcer'
import type { Execution } from '../../api'
import { useRefreshPause, useUnstreamedInterval } from '../../components/RefreshSettings'
import { useNow } from '../../lib/useNow'
import { useRecentReschedules } from './useRecentReschedule'

// The confirmation (dialog, mutation, wording) loads on the first reschedule, not with the list.
const RescheduleConfirmation = lazy(async () => ({
  default: (await import('./RescheduleConfirmation')).RescheduleConfirmation,
}))

export type OpenReschedule = (execution: Execution, opener: HTMLElement | null) => void
const RescheduleContext = createContext<OpenReschedule | null>(null)

/**
 * What every row's Reschedule shows, read once for the whole list: rows read their entry and subscribe to
 * nothing (a row of its own per button made a 100-row page install about a thousand cache notifications).
 */
interface RowReschedules {
  /** The trail's last hour, newest reschedule per execution (anyone, in any tab). */
  marks: Record<string, TrailMark>
  /** This tab's own latest outcome per execution. */
  own: ReadonlyMap<string, RecentReschedule>
  /** Why this user may not reschedule (a viewer), or null. */
  refusal: string | null
}
const NO_MARKS: Record<string, TrailMark> = {}
const RowsContext = createContext<RowReschedules>({ marks: NO_MARKS, own: new Map(), refusal: null })
/** The time the buttons' "· 5 min ago" is counted from: one clock for the list, not one per button. */
const ClockContext = createContext(0)
const CLOCK_MS = 10_000

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
  const own = useRecentReschedules()
  const rows = useMemo(() => ({ marks: marks ?? NO_MARKS, own, refusal }), [marks, own, refusal])
  const now = useNow(CLOCK_MS)
  // The `r` key and every other way in say the same as the disabled button.
  const open = useCallback<OpenReschedule>(
    (snapshot, opener) => (refusal === null ? setTarget({ snapshot, opener }) : announce(refusal, 'error')),
    [refusal, announce],
  )

  return (
    <RescheduleContext.Provider value={open}>
      <RowsContext.Provider value={rows}>
        <ClockContext.Provider value={now}>{children}</ClockContext.Provider>
      </RowsContext.Provider>
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

/** What a row's Reschedule shows for `id`: this tab's outcome, the trail's mark, and whether it may be asked. */
export function useRowReschedule(id: string) {
  const rows = useContext(RowsContext)
  return { own: rows.own.get(id), mark: rows.marks[id], refusal: rows.refusal }
}

/** The list's one clock for "· 5 min ago" (see ClockContext). */
export const useRescheduleClock = (): number => useContext(ClockContext)

/** Opens the confirmation for an execution; what a row's button and the list's `r` key call. */
export function useOpenReschedule(): OpenReschedule {
  const open = useContext(RescheduleContext)
  if (!open) throw new Error('useOpenReschedule needs a RescheduleProvider')
  return open
}
