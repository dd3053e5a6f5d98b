/*
 * The overview as the index answers it: counts of a family within a state filter and a window, its histogram, and
 * the claim it may make (claims.ts); while a partition is read back after a start, from the family's summary.
 */
import type { ListFilters } from '../../shared/filters.ts'
import type { OverviewAnswer } from '../../shared/overview.ts'
import { ANY_TIME, type TimeWindow } from '../../shared/timeWindow.ts'
import { resolveWindow } from '../../shared/windowBounds.ts'
import type { Credentials } from '../auth/credentials.ts'
import { claimOf } from './claims.ts'
import type { WindowBounds } from './counting.ts'
import type { Family } from './family.ts'
import { histogramOf, type Histogram } from './histogram.ts'
import { overviewFromSummary } from './readBack.ts'
import type { Runtime } from './runtime.ts'
import type { UpstreamFacts } from './upstreamFacts.ts'

export interface OverviewView {
  window?: TimeWindow
  histogram?: boolean
}

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

  function answer(runtime: Runtime, filters: ListFilters, view: OverviewView = {}): OverviewAnswer {
    const family = runtime.partition.family(filters.metadata)
    family.wantedAt = now()
    const window = boundsOf(view)
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
      coverage: claimOf(family, window, facts.order(), counts.pending),
      notes: {
        excluded: family.excluded,
        pending: counts.pending,
        order: facts.order(),
        refreshFailing: family.refreshFailing,
        verifyTrouble: family.roundTrouble,
      },
      scanner: runtime.scanner(),
      generatedAt: now(),
    }
  }

  /**
   * While the partition is read back, an overview over any time from the family's counts as last written (null:
   * a window, no summary, or the rows are in).
   */
  async function readBackAnswer(
    runtime: Runtime,
    credentials: Credentials,
    filters: ListFilters,
    view: OverviewView,
  ): Promise<OverviewAnswer | null> {
    if ((view.window ?? ANY_TIME).kind !== 'any') return null
    const early = await runtime.readBack(filters, credentials)
    if (!early) return null
    return overviewFromSummary(early, filters, {
      order: facts.order(),
      scanner: runtime.scanner(),
      now: now(),
    })
  }

  return { answer, boundsOf, readBackAnswer }
}
