import { useCallback, useEffect, useRef, useState } from 'react'
import { fetchIdSet, isApiError, type IdSetAnswer, type ListFilters } from '../../api'
import { describeApiError } from '../../components/describeApiError'
import { ANY_TIME, type TimeWindow } from '../../../shared/timeWindow'

/** The list's filters, and its time window when it has one. */
export type WindowedFilters = ListFilters & { window?: TimeWindow }

/** The most executions one run takes; the server still counts the whole set past it. */
export const MAX_RUN_SIZE = 20_000
/** How long a count of a window waits for the index to hold the window's set whole. */
const INDEX_WAIT_MS = 60_000

/** Resolves after `ms`, or at once when the count is stopped (the next call then sees the abort). */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve()
    })
  })

export type DryRun =
  | { kind: 'idle' }
  /** The server is counting; `waitingForIndex`: a window's set is not whole in the index yet. */
  | { kind: 'counting'; waitingForIndex: boolean }
  /** The set, frozen by id at the count, with the count of all that match (which may pass the run's cap). */
  | { kind: 'counted'; answer: IdSetAnswer }
  | { kind: 'stopped' }
  | { kind: 'failed'; message: string }

/**
 * Counts what "Reschedule all matching" would act on (no PATCH is sent): one request, and the server counts the
 * whole set, from its index when that holds it exactly, else by paging the API with its largest page.
 */
export function useDryRun(filters: WindowedFilters) {
  const [state, setState] = useState<DryRun>({ kind: 'idle' })
  const controllerRef = useRef<AbortController | null>(null)
  useEffect(() => () => controllerRef.current?.abort(), [])

  const scan = useCallback(async () => {
    controllerRef.current?.abort()
    const controller = new AbortController()
    controllerRef.current = controller
    const { window = ANY_TIME, ...listFilters } = filters
    const waitUntil = Date.now() + INDEX_WAIT_MS
    setState({ kind: 'counting', waitingForIndex: false })
    const count = async (): Promise<DryRun> => {
      for (;;) {
        try {
          return {
            kind: 'counted',
            answer: await fetchIdSet(listFilters, window, MAX_RUN_SIZE, controller.signal),
          }
        } catch (error) {
          if (controller.signal.aborted) return { kind: 'stopped' }
          // A window is counted only from the index, once it holds the window's set whole.
          const indexNotReady = isApiError(error) && error.code === 'index_unavailable'
          if (!indexNotReady || Date.now() >= waitUntil)
            return { kind: 'failed', message: describeApiError(error).message }
          setState({ kind: 'counting', waitingForIndex: true })
          // Stopped meanwhile: the next request throws at once, and is said as stopped above.
          await pause(1_000, controller.signal)
        }
      }
    }
    const outcome = await count()
    if (controllerRef.current === controller) controllerRef.current = null
    setState(outcome)
  }, [filters])

  const stop = useCallback(() => controllerRef.current?.abort(), [])
  return { state, scan, stop }
}
