import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { listExecutions, walkPageOf, stateSpeller, type Execution, type ListFilters } from '../../api'
import { describeApiError } from '../../components/describeApiError'
import { filterChecks } from '../../shared/filters'
import type { Coverage } from '../../shared/coverage'
import type { TimeWindow } from '../../shared/timeWindow'
import { describeWalkStop, walkList, type WalkReport } from '../../shared/listWalker'

/** The list's filters, and its time window when it has one. */
export type WindowedFilters = ListFilters & { window?: TimeWindow }

export const DRY_RUN_PAGE_SIZE = 100
/** The most executions one run takes; a larger set is narrowed by filters first. */
export const MAX_RUN_SIZE = 20_000
/** How long the walk of a window waits for the index to finish a first count of its filters. */
const INDEX_WAIT_MS = 60_000

/** Resolves after `ms`, or at once when the walk is stopped (the next call then sees the abort). */
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
  | {
      kind: 'scanning'
      pages: number
      found: number
      /** With a window: the index is still counting these filters, this many so far; the walk waits for it. */
      indexCounting?: number
    }
  | {
      kind: 'scanned'
      /** Frozen by id at the scan: later arrivals are not touched, an id seen twice counts once. */
      executions: Execution[]
      /** How far the walk went and why it stopped (see shared/listWalker). */
      report: WalkReport
      /** Why the scan ended before the API said there were no more, in words; null when it did not. */
      cutShort: string | null
    }
  | { kind: 'failed'; message: string; pages: number }

/**
 * Pages through the whole filtered list (no PATCH), which is the only count the API offers, with the one
 * walker every "all pages" job uses: rows that contradict the filters are left out, duplicates count once,
 * and every stop other than the end is reported.
 */
export function useDryRun(filters: WindowedFilters) {
  const client = useQueryClient()
  const [state, setState] = useState<DryRun>({ kind: 'idle' })
  const controllerRef = useRef<AbortController | null>(null)
  useEffect(() => () => controllerRef.current?.abort(), [])

  const scan = useCallback(async () => {
    controllerRef.current?.abort()
    const controller = new AbortController()
    controllerRef.current = controller
    const found: Execution[] = []
    let coverage: Coverage | null = null
    setState({ kind: 'scanning', pages: 0, found: 0 })
    const report = await walkList<Execution>({
      first: DRY_RUN_PAGE_SIZE,
      maxRows: MAX_RUN_SIZE,
      signal: controller.signal,
      fetchPage: async (after) => {
        const waitUntil = Date.now() + INDEX_WAIT_MS
        for (;;) {
          const page = await listExecutions(
            {
              first: DRY_RUN_PAGE_SIZE,
              after,
              states: filters.states,
              metadata: filters.metadata,
              // With a time window, the walk pages the index's list of the window (the API has no time filter).
              ...(filters.window ? { window: filters.window } : {}),
            },
            { signal: controller.signal, spell: stateSpeller(client) },
          )
          coverage = page.coverage ?? null
          // A first scan of these filters is under way: its first page is not the set, so wait for it to end.
          if (coverage?.kind !== 'counting' || after !== null || Date.now() > waitUntil)
            return walkPageOf(page)
          setState({ kind: 'scanning', pages: 0, found: 0, indexCounting: coverage.executions })
          await pause(1_000, controller.signal)
        }
      },
      idOf: (execution) => execution.id,
      ...filterChecks<Execution>(filters, (execution) => execution),
      onRows: (rows, progress) => {
        found.push(...rows)
        setState({ kind: 'scanning', pages: progress.pages, found: found.length })
      },
    })
    if (controllerRef.current === controller) controllerRef.current = null
    setState(scanOutcome(report, found, coverage))
  }, [client, filters])

  const stop = useCallback(() => controllerRef.current?.abort(), [])
  return { state, scan, stop }
}

function scanOutcome(report: WalkReport, executions: Execution[], coverage: Coverage | null): DryRun {
  const { stop } = report
  if (stop.kind === 'failed')
    return { kind: 'failed', message: describeApiError(stop.error).message, pages: report.pages }
  const whole =
    coverage === null || coverage.kind === 'exact' || (coverage.kind === 'at_least' && coverage.allKnown)
  if (stop.kind === 'end' && !whole)
    return {
      kind: 'scanned',
      executions,
      report,
      cutShort: 'the dashboard’s index has not seen every execution of these filters yet',
    }
  const cutShort =
    stop.kind === 'end'
      ? null
      : stop.kind === 'aborted'
        ? 'you stopped the scan'
        : stop.kind === 'row_cap'
          ? `a run takes at most ${MAX_RUN_SIZE.toLocaleString('en-US')}`
          : describeWalkStop(report)
  return { kind: 'scanned', executions, report, cutShort }
}
