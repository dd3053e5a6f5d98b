/*
 * The overview as the index answers it: counts of a family within a state filter and a window, its histogram, and
 * the claim it may make (claims.ts); while a partition is read back after a start, from the family's summary.
 */
import type { ListFilters } from '../../shared/filters.ts'
import type { Coverage, CoverageNotes, OverviewAnswer } from '../../shared/overview.ts'
import { ANY_TIME, type TimeWindow } from '../../shared/timeWindow.ts'
import { resolveWindow } from '../../shared/windowBounds.ts'
import type { Credentials } from '../auth/credentials.ts'
import { claimOf, whileReadBack } from './claims.ts'
import type { StateCounts, WindowBounds } from './counting.ts'
import type { Family } from './family.ts'
import { histogramOf, type Histogram } from './histogram.ts'
import { overviewFromSummary } from './readBack.ts'
import type { Runtime } from './runtime.ts'
import type { UpstreamFacts } from './upstreamFacts.ts'

export interface OverviewView {
  window?: TimeWindow
  histogram?: boolean
}

/** How often a watcher of a window hears its counts grow while the rows are read back. */
const READ_BACK_EVERY_MS = 1_000

export function createOverviewAnswers(facts: UpstreamFacts, now: () => number) {
  function boundsOf(view: OverviewView): WindowBounds | null {
    const window = view.window ?? ANY_TIME
    if (window.kind === 'any') return null
    // To the second, so a relative window's counts are shared by everyone asking within it.
    const { from, to } = resolveWindow(window, Math.floor(now() / 1000) * 1000)
    return { from, to, field: window.field }
  }

  const histograms = new Map<string, { version: number; histogram: Histogram | null }>()

  /** Histograms walk every member: one per family, filter and window until the partition changes. */
  function histogramFor(
    runtime: Runtime,
    family: Family,
    filters: ListFilters,
    window: WindowBounds | null,
    view: OverviewView,
  ): Histogram | null {
    const bounds = window ?? { from: null, to: null, field: view.window?.field ?? 'created' }
    const key = `${runtime.id} ${family.key} ${JSON.stringify([...filters.states].sort())} ${JSON.stringify(bounds)}`
    const cached = histograms.get(key)
    if (cached?.version === runtime.partition.version()) return cached.histogram
    const histogram = histogramOf(family, filters.states, bounds, now())
    if (histograms.size > 200) histograms.clear()
    histograms.set(key, { version: runtime.partition.version(), histogram })
    return histogram
  }

  /** An answer of `family`'s counts within the filter's states and `window`, with what it may claim of them. */
  function shaped(
    runtime: Runtime,
    family: Family,
    filters: ListFilters,
    window: WindowBounds | null,
    view: OverviewView,
    claim: (counts: StateCounts) => Coverage,
    notes: Partial<CoverageNotes> = {},
  ): OverviewAnswer {
    const counts = runtime.partition.count(family, filters.states, window ?? undefined)
    const histogram = view.histogram ? histogramFor(runtime, family, filters, window, view) : null
    return {
      window,
      undated: counts.undated,
      runningBefore: counts.runningBefore,
      histogram,
      filters,
      counts: counts.known,
      other: counts.other,
      pending: counts.pending,
      total: counts.total,
      coverage: claim(counts),
      notes: {
        excluded: family.excluded,
        pending: counts.pending,
        order: facts.order(),
        refreshFailing: family.refreshFailing,
        verifyTrouble: family.roundTrouble,
        ...notes,
      },
      scanner: runtime.scanner(),
      generatedAt: now(),
    }
  }

  function answer(runtime: Runtime, filters: ListFilters, view: OverviewView = {}): OverviewAnswer {
    const family = runtime.partition.family(filters.metadata)
    family.wantedAt = now()
    const window = boundsOf(view)
    return shaped(runtime, family, filters, window, view, (counts) =>
      claimOf(family, window, facts.order(), counts.pending),
    )
  }

  /**
   * While the partition is read back (null once the rows are in, or with no summary stored): over any time, the
   * family's counts as last written; within a window, which those cannot answer, its members read so far (the
   * family as stored, with none, until its first page is in), counting up to the index's own.
   */
  async function readBackAnswer(
    runtime: Runtime,
    credentials: Credentials,
    filters: ListFilters,
    view: OverviewView,
  ): Promise<OverviewAnswer | null> {
    const early = await runtime.readBack(filters, credentials)
    if (!early) return null
    const window = boundsOf(view)
    if (window === null)
      return overviewFromSummary(early, filters, {
        order: facts.order(),
        scanner: runtime.scanner(),
        now: now(),
      })
    const family = runtime.partition.families.get(early.family.key) ?? early.family
    return shaped(
      runtime,
      family,
      filters,
      window,
      view,
      () => whileReadBack(family, early.summary.executions),
      {
        readBack: { writtenAt: early.summary.writtenAt },
      },
    )
  }

  /**
   * While the partition is read back, a window's counts so far to `onChange` as its pages come in: at most one answer
   * a second (each counts every member read), none once the rows are in (the index's own answer follows then).
   * Returns the stop.
   */
  function followReadBack(
    runtime: Runtime,
    credentials: Credentials,
    filters: ListFilters,
    view: OverviewView,
    onChange: (overview: OverviewAnswer) => void,
    onError: (error: unknown) => void,
  ): () => void {
    let following = true
    let timer: NodeJS.Timeout | undefined
    const send = (next: OverviewAnswer | null) => {
      if (next && following && !runtime.isLoaded()) onChange(next)
    }
    const unsubscribe = runtime.partition.onChange(() => {
      timer ??= setTimeout(() => {
        timer = undefined
        readBackAnswer(runtime, credentials, filters, view).then(send).catch(onError)
      }, READ_BACK_EVERY_MS).unref()
    })
    return () => {
      following = false
      unsubscribe()
      clearTimeout(timer)
    }
  }

  return { answer, boundsOf, readBackAnswer, followReadBack }
}
