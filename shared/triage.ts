/*
 * Failure triage, read and written the same way by the browser and the server: the failed executions of a view,
 * grouped by a metadata key, by bursts in time, or by the shape of their attempts (on a sample). In the URL:
 * `triage=1` opens the board, `group=key:<key>`, `group=burst` or `group=shape` chooses the grouping (without it,
 * the key that splits the set best, which the board then writes in as a suggestion), `open-group=<id>` the group
 * whose samples are shown.
 */
import type { Coverage } from './coverage.ts'
import type { WindowField } from './timeWindow.ts'

export { GROUP_PARAM, OPEN_GROUP_PARAM, TRIAGE_PARAM } from './triageParams.ts'
export const MAX_ACK_NOTE = 500

export type GroupBy = { kind: 'auto' } | { kind: 'burst' } | { kind: 'shape' } | { kind: 'key'; key: string }
/** Executions of a group (or of the view, grouped by shape) whose attempts are read. */
export const SHAPE_SAMPLE = 200

const KEY_PREFIX = 'key:'

/** Never throws: anything else than `burst`, `shape` or `key:<key>` is the automatic choice. */
export function readGroupBy(text: string | null): GroupBy {
  if (text === 'burst' || text === 'shape') return { kind: text }
  if (text?.startsWith(KEY_PREFIX) && text.length > KEY_PREFIX.length && text.length <= 200)
    return { kind: 'key', key: text.slice(KEY_PREFIX.length) }
  return { kind: 'auto' }
}

export function groupByText(groupBy: GroupBy): string | null {
  if (groupBy.kind === 'burst' || groupBy.kind === 'shape') return groupBy.kind
  if (groupBy.kind === 'key') return `${KEY_PREFIX}${groupBy.key}`
  return null
}

/** The filters that select exactly one group on top of the view's: a metadata value, or a time range. */
export type GroupSelection =
  | { kind: 'metadata'; key: string; value: string }
  | { kind: 'window'; from: number; to: number; field: WindowField }

/** One acknowledgement that covers members of a group. */
export interface AckRun {
  run: string
  user: string
  at: number
  note: string
  /** Members of this group it covers. */
  count: number
}

/** How the attempts of a sample of failures look: how many were read, and the commonest shapes. */
export interface ShapeSample {
  /** Failures in the sample (at most SHAPE_SAMPLE, spread over the group by their ids). */
  sampled: number
  /** Of them: whose attempts were read, could not be read (the API refused or sent nonsense), are still being read. */
  read: number
  unreadable: number
  pending: number
  /** The commonest shapes among those read, most first (at most 3). */
  top: { label: string; count: number }[]
}

export interface FailureGroup {
  /** Stable while the group's members are: `key:<value>`, `key-missing`, `burst:<from>:<to>` or `rest`. */
  id: string
  label: string
  size: number
  firstSeen: number | null
  lastSeen: number | null
  /** A few member ids, newest first. */
  samples: string[]
  /** The same members as the API listed them (for their log links); absent from an older server. */
  sampleRows?: unknown[]
  open: number
  acknowledged: number
  rescheduled: number
  acks: AckRun[]
  /** Null when the API's filters cannot select the group alone (a missing key, failures outside bursts, a shape). */
  selection: GroupSelection | null
  /** Its attempt shapes on a sample; null when not sampled (grouped by shape, or past the groups sampled). */
  shapes: ShapeSample | null
}

export interface GroupKey {
  key: string
  /** How well the key separates failures from the rest of the view, 0 to 1 (gain ratio). */
  score: number
  values: number
}

export interface TriageAnswer {
  groupBy:
    /** `overlapping`: some failures hold a list of values for the key, and are in the group of each. */
    | { kind: 'key'; key: string; overlapping?: boolean }
    | { kind: 'burst'; field: WindowField; gapMs: number }
    /** Groups are the shapes read on a sample of the view's failures; each group's size counts the sample only. */
    | { kind: 'shape'; sample: Omit<ShapeSample, 'top'> }
    | null
  keys: GroupKey[]
  /** Failed executions of the view (within the window), and how many of them nobody has addressed. */
  failed: number
  unaddressed: number
  groups: FailureGroup[]
  /** Groups left out of `groups` (the smallest), and their members. */
  more: { groups: number; executions: number }
  coverage: Coverage
  generatedAt: number
}

/** A group as a request names it: the board's grouping and the group's id. */
export interface GroupRef {
  groupBy: GroupBy
  id: string
}
