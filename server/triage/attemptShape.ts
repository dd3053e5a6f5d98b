import { readStateResource } from '../../shared/listAnswer.ts'
import { stateMeaning } from '../../shared/states.ts'
import { timestampInstant } from '../../shared/timestamps.ts'

/** How an execution failed, from its attempts: how many there were and how long a typical one ran. */
export interface AttemptShape {
  /** The same for every execution of the shape: `<attempts>:<run time>`. */
  key: string
  label: string
  attempts: number
  /** The attempts list had more pages than the one read: at least `attempts`. */
  more: boolean
  /** The median run of its finished attempts, or null when none had usable times. */
  typicalMs: number | null
}

const MINUTE = 60_000
/** Attempts that end within a minute failed fast; twenty minutes or more, late (spent long before failing). */
const FAST_MS = MINUTE
const LATE_MS = 20 * MINUTE

function countPart(attempts: number, more: boolean): [key: string, words: string] {
  if (attempts >= 4 || (more && attempts > 0)) return ['4+', '4 or more attempts']
  if (attempts >= 2) return ['2-3', '2–3 attempts']
  if (attempts === 1) return ['1', '1 attempt']
  return ['0', 'no attempts']
}

function runPart(typicalMs: number | null, attempts: number): [key: string, words: string] {
  const each = attempts > 1 ? ' each' : ''
  if (typicalMs === null) return ['unknown', 'run time unknown']
  if (typicalMs < FAST_MS) return ['fast', `under a minute${each} (failed fast)`]
  if (typicalMs < LATE_MS) return ['mid', `1 to 20 minutes${each}`]
  return ['late', `20 minutes or more${each} (failed late)`]
}

function median(values: number[]): number | null {
  if (values.length === 0) return null
  const sorted = values.toSorted((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2
}

/**
 * The shape of one execution's attempts as the API listed them (one page). Rows that cannot be read still count
 * as attempts; only finished attempts with both times tell a run time, so an odd row never hides the rest.
 */
export function attemptShape(rows: readonly unknown[], more: boolean): AttemptShape {
  const runs: number[] = []
  for (const row of rows) {
    const read = readStateResource(row)
    if (!read.ok) continue
    const meaning = stateMeaning(read.value.state)
    if (meaning !== 'failed' && meaning !== 'succeed') continue
    const from = timestampInstant(read.value.created_at)
    const to = timestampInstant(read.value.updated_at)
    if (from !== null && to !== null && to >= from) runs.push(to - from)
  }
  const typicalMs = median(runs)
  const [countKey, countWords] = countPart(rows.length, more)
  const [runKey, runWords] = rows.length === 0 ? ['none', ''] : runPart(typicalMs, rows.length)
  return {
    key: `${countKey}:${runKey}`,
    label: runWords === '' ? countWords : `${countWords}, ${runWords}`,
    attempts: rows.length,
    more,
    typicalMs,
  }
}
