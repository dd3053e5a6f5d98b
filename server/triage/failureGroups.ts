import { matchableValues } from '../../shared/metadata.ts'
import type { GroupKey } from '../../shared/triage.ts'
import type { WindowField } from '../../shared/timeWindow.ts'
import { timeOf } from '../index/counting.ts'
import type { IndexedExecution } from '../index/rows.ts'

/** Keys seen on more distinct values than this are ids, not causes: never offered. */
const MOST_VALUES = 500
const MOST_KEYS = 50
const MISSING = '\u0000missing'
/** Keys are ranked on at most this many executions of the view, evenly spaced. */
const MOST_JUDGED = 50_000
/** A burst is at least this many failures (or 1 % of them) closer together than the gap. */
const LEAST_BURST = 5
const LEAST_GAP_MS = 1_000
const MOST_GAP_MS = 15 * 60_000

export const isFailed = (row: IndexedExecution) => row.meaning === 'failed' && !row.outcomePending

const entropy = (counts: Iterable<number>, total: number) => {
  let sum = 0
  for (const count of counts) if (count > 0) sum -= (count / total) * Math.log2(count / total)
  return sum
}

/** Gain ratio of failing over a key's values; when all failed (no gain to measure), how few values hold them. */
function scoreOf(
  values: [all: number, failed: number][],
  total: number,
  baseline: number,
  failedTotal: number,
) {
  const split = entropy(
    values.map(([all]) => all),
    total,
  )
  if (baseline > 0 && split > 0) {
    let remaining = 0
    for (const [all, failed] of values) remaining += (all / total) * entropy([failed, all - failed], all)
    return (baseline - remaining) / split
  }
  if (values.length < 2) return 0
  return (
    1 -
    entropy(
      values.map(([, failed]) => failed),
      failedTotal,
    ) /
      Math.log2(values.length)
  )
}

/**
 * Every metadata key of the failures, the one that splits the view best first: by gain ratio, how much knowing the
 * key's value tells whether an execution failed, per bit of the value itself (so a key with a value per
 * execution does not win). When every execution of the view failed (a state filter), by how few values hold them.
 * Weighed by the share of failures that carry the key. Ranked on an even sample of 50,000 when the view is larger:
 * the scores order a menu, they are not counts.
 */
export function rankKeys(view: readonly IndexedExecution[]): GroupKey[] {
  const withMetadata = view.filter((row) => row.metadata !== null)
  const keys = new Map<string, Map<string, [all: number, failed: number]>>()
  for (const row of withMetadata) {
    if (!isFailed(row)) continue
    for (const key of Object.keys(row.metadata ?? {})) if (keys.size < MOST_KEYS) keys.set(key, new Map())
  }
  // The order of a menu needs no million rows: an even sample keeps each request's work bounded.
  const step = Math.ceil(withMetadata.length / MOST_JUDGED)
  const judged = step > 1 ? withMetadata.filter((_, index) => index % step === 0) : withMetadata
  const failedTotal = judged.filter(isFailed).length
  if (failedTotal === 0) return [...keys.keys()].sort().map((key) => ({ key, score: 0, values: 0 }))
  for (const row of judged) {
    const failed = isFailed(row) ? 1 : 0
    for (const [key, values] of keys) {
      if (values.size > MOST_VALUES) continue
      const held = matchableValues(row.metadata?.[key])
      for (const value of held.length > 0 ? held : [MISSING]) {
        const counts = values.get(value) ?? [0, 0]
        counts[0] += 1
        counts[1] += failed
        values.set(value, counts)
      }
    }
  }
  const total = judged.length
  const baseline = entropy([failedTotal, total - failedTotal], total)
  const ranked: (GroupKey & { exact: number })[] = []
  for (const [key, values] of keys) {
    if (values.size > MOST_VALUES) continue
    // Gain ratio favours a key nearly every execution lacks (its split costs almost nothing): weigh it by the share
    // of failures that carry the key, so a key on one fixture does not rank above one on every execution.
    const withKey = failedTotal - (values.get(MISSING)?.[1] ?? 0)
    const score = scoreOf([...values.values()], total, baseline, failedTotal) * (withKey / failedTotal)
    ranked.push({ key, exact: score, score: Math.round(score * 1000) / 1000, values: values.size })
  }
  return ranked
    .sort((a, b) => b.exact - a.exact || a.values - b.values || a.key.localeCompare(b.key))
    .map(({ key, score, values }) => ({ key, score, values }))
}

/**
 * The failures per value of `key`; those without the key (or without metadata) under null. A list value puts its
 * execution in the group of each member, as the API's filter by that value would select it: groups may overlap.
 */
export function groupByKey(
  failed: readonly IndexedExecution[],
  key: string,
): Map<string | null, IndexedExecution[]> {
  const groups = new Map<string | null, IndexedExecution[]>()
  for (const row of failed) {
    const held = matchableValues(row.metadata?.[key])
    for (const value of held.length > 0 ? held : [null]) {
      const members = groups.get(value)
      if (members) members.push(row)
      else groups.set(value, [row])
    }
  }
  return groups
}

export interface Bursts {
  gapMs: number
  bursts: IndexedExecution[][]
  /** Failures in no burst, and those without a time on the field. */
  rest: IndexedExecution[]
}

/**
 * Runs of failures closer together than a gap of a tenth of their mean spacing (1 s to 15 min): a time when
 * failures came ten times as fast as usual. A run is a burst when it has at least 5 failures and 1 % of them.
 * Every failure between a burst's first and last is in it, so the time range alone selects it.
 */
export function findBursts(failed: readonly IndexedExecution[], field: WindowField): Bursts {
  const timed = failed.filter((row) => timeOf(row, field) !== null)
  const rest = failed.filter((row) => timeOf(row, field) === null)
  timed.sort((a, b) => (timeOf(a, field) ?? 0) - (timeOf(b, field) ?? 0))
  const first = timed[0]
  const last = timed.at(-1)
  if (!first || !last || timed.length < LEAST_BURST)
    return { gapMs: LEAST_GAP_MS, bursts: [], rest: [...rest, ...timed] }
  const span = (timeOf(last, field) ?? 0) - (timeOf(first, field) ?? 0)
  const gapMs = Math.min(MOST_GAP_MS, Math.max(LEAST_GAP_MS, span / (timed.length - 1) / 10))
  const least = Math.max(LEAST_BURST, Math.ceil(timed.length / 100))
  const bursts: IndexedExecution[][] = []
  let run: IndexedExecution[] = []
  const close = () => {
    if (run.length >= least) bursts.push(run)
    else rest.push(...run)
    run = []
  }
  for (const row of timed) {
    const previous = run.at(-1)
    if (previous && (timeOf(row, field) ?? 0) - (timeOf(previous, field) ?? 0) > gapMs) close()
    run.push(row)
  }
  close()
  return { gapMs, bursts, rest }
}
