import type { Coverage } from '../../shared/coverage.ts'
import type { WindowField } from '../../shared/timeWindow.ts'
import type {
  AckRun,
  FailureGroup,
  GroupBy,
  GroupSelection,
  ShapeSample,
  TriageAnswer,
} from '../../shared/triage.ts'
import { timeOf } from '../index/counting.ts'
import { asApiRow, rawUpdated, type IndexedExecution } from '../index/rows.ts'
import type { AckMark } from './ackBook.ts'
import { findBursts, groupByKey, isFailed, rankKeys } from './failureGroups.ts'
import {
  draftShapeGroups,
  MOST_SAMPLED_PER_BOARD,
  sampleOf,
  shapeSample,
  type ShapeReader,
} from './shapeGroups.ts'

const MOST_GROUPS = 50
const SAMPLES = 5

export interface BoardInput {
  /** The view's executions (its filters and window) from the index, every state. */
  view: readonly IndexedExecution[]
  coverage: Coverage
  groupBy: GroupBy
  field: WindowField
  acks: ReadonlyMap<string, readonly AckMark[]>
  /** When each execution was last rescheduled through the dashboard. */
  reschedules: ReadonlyMap<string, number>
  /** Attempt shapes of sampled failures; null on a server that cannot read them. */
  shapes: ShapeReader
  now: number
}

type Status = 'open' | 'acknowledged' | 'rescheduled'

/** The acknowledgements that cover this failure: made while it was the failure it is now. */
export const coveringAcks = (row: IndexedExecution, acks: BoardInput['acks']) =>
  (acks.get(row.id) ?? []).filter((mark) => mark.failedAt === (rawUpdated(row) ?? ''))

function statusOf(row: IndexedExecution, input: BoardInput): Status {
  const rescheduledAt = input.reschedules.get(row.id)
  // Rescheduled after it failed: a re-run that failed again has a later update, and is open again.
  if (rescheduledAt !== undefined && rescheduledAt >= (row.updatedAt ?? -Infinity)) return 'rescheduled'
  return coveringAcks(row, input.acks).length > 0 ? 'acknowledged' : 'open'
}

interface Draft {
  id: string
  label: string
  members: IndexedExecution[]
  selection: GroupSelection | null
}

function summarise(draft: Draft, input: BoardInput, shapes: ShapeSample | null): FailureGroup {
  const counts: Record<Status, number> = { open: 0, acknowledged: 0, rescheduled: 0 }
  const runs = new Map<string, AckRun>()
  let firstSeen: number | null = null
  let lastSeen: number | null = null
  for (const row of draft.members) {
    counts[statusOf(row, input)] += 1
    const time = timeOf(row, input.field)
    if (time !== null) {
      firstSeen = firstSeen === null ? time : Math.min(firstSeen, time)
      lastSeen = lastSeen === null ? time : Math.max(lastSeen, time)
    }
    for (const mark of coveringAcks(row, input.acks)) {
      const run = runs.get(mark.run) ?? {
        run: mark.run,
        user: mark.user,
        at: mark.at,
        note: mark.note,
        count: 0,
      }
      run.count += 1
      runs.set(mark.run, run)
    }
  }
  const sampled = [...draft.members]
    .sort((a, b) => (timeOf(b, input.field) ?? -Infinity) - (timeOf(a, input.field) ?? -Infinity))
    .slice(0, SAMPLES)
  const samples = sampled.map((row) => row.id)
  return {
    id: draft.id,
    label: draft.label,
    size: draft.members.length,
    firstSeen,
    lastSeen,
    samples,
    sampleRows: sampled.map(asApiRow),
    ...counts,
    acks: [...runs.values()].sort((a, b) => b.at - a.at),
    selection: draft.selection,
    shapes,
  }
}

/** The grouping a board uses: a key, or bursts on a time field; null when there is nothing to group. */
export type GroupChoice =
  { kind: 'key'; key: string } | { kind: 'burst'; field: WindowField } | { kind: 'shape' } | null

interface Drafted {
  drafts: Draft[]
  gapMs: number | null
  sample: Omit<ShapeSample, 'top'> | null
}

/**
 * The groups of the failures as drafts (members, id and selection), largest first, failures outside bursts last;
 * with bursts, the gap that split them; by shape, the sample the shapes were read on.
 */
export function draftGroups(
  failed: readonly IndexedExecution[],
  groupBy: GroupChoice,
  shapes: ShapeReader,
): Drafted {
  if (groupBy === null) return { drafts: [], gapMs: null, sample: null }
  if (groupBy.kind === 'shape') {
    const { drafts, sample } = draftShapeGroups(failed, shapes)
    return { drafts: drafts.map((draft) => ({ ...draft, selection: null })), gapMs: null, sample }
  }
  if (groupBy.kind === 'key') {
    const drafts = [...groupByKey(failed, groupBy.key)]
      .map(([value, members]) => ({
        id: value === null ? 'key-missing' : `key:${value}`,
        label: value ?? `no ${groupBy.key}`,
        members,
        selection: value === null ? null : { kind: 'metadata' as const, key: groupBy.key, value },
      }))
      .sort((a, b) => b.members.length - a.members.length || a.id.localeCompare(b.id))
    return { drafts, gapMs: null, sample: null }
  }
  const { bursts, rest, gapMs } = findBursts(failed, groupBy.field)
  const drafts: Draft[] = bursts.map((members) => {
    const from = timeOf(members[0] as IndexedExecution, groupBy.field) ?? 0
    const to = (timeOf(members.at(-1) as IndexedExecution, groupBy.field) ?? 0) + 1
    return {
      id: `burst:${from}:${to}`,
      label: `${new Date(from).toISOString()} – ${new Date(to).toISOString()}`,
      members,
      selection: { kind: 'window' as const, from, to, field: groupBy.field },
    }
  })
  drafts.sort((a, b) => b.members.length - a.members.length || a.id.localeCompare(b.id))
  if (rest.length > 0) drafts.push({ id: 'rest', label: 'outside bursts', members: rest, selection: null })
  return { drafts, gapMs, sample: null }
}

/** The grouping a request asks for; `auto` is the best key, or bursts when no failure has metadata. */
export function resolveGroupBy(
  groupBy: GroupBy,
  keys: TriageAnswer['keys'],
  failed: readonly IndexedExecution[],
  field: WindowField,
): GroupChoice {
  if (groupBy.kind === 'burst') return { kind: 'burst', field }
  if (groupBy.kind === 'shape') return { kind: 'shape' }
  if (groupBy.kind === 'key') return { kind: 'key', key: groupBy.key }
  const best = keys[0]
  return best ? { kind: 'key', key: best.key } : failed.length > 0 ? { kind: 'burst', field } : null
}

/** How many of the view's executions failed, and how many of those nobody has rescheduled or acknowledged. */
export function failureCounts(input: BoardInput): { failed: number; unaddressed: number } {
  let failed = 0
  let unaddressed = 0
  for (const row of input.view) {
    if (!isFailed(row)) continue
    failed += 1
    if (statusOf(row, input) === 'open') unaddressed += 1
  }
  return { failed, unaddressed }
}

/** The board: the view's failures grouped, each group with its size, times, samples and what was done about it. */
export function failureBoard(input: BoardInput): TriageAnswer {
  const failed = input.view.filter(isFailed)
  const keys = rankKeys(input.view)
  const choice = resolveGroupBy(input.groupBy, keys, failed, input.field)
  const { drafts, gapMs, sample } = draftGroups(failed, choice, input.shapes)
  const groupBy: TriageAnswer['groupBy'] =
    choice?.kind === 'burst'
      ? { ...choice, gapMs: gapMs ?? 0 }
      : choice?.kind === 'shape'
        ? { kind: 'shape', sample: sample ?? { sampled: 0, read: 0, unreadable: 0, pending: 0 } }
        : choice?.kind === 'key' && failed.some((row) => Array.isArray(row.metadata?.[choice.key]))
          ? { ...choice, overlapping: true }
          : choice
  const shown = drafts.slice(0, MOST_GROUPS)
  const left = drafts.slice(MOST_GROUPS)
  // Each group's attempts on a sample, the largest groups first, within what one board may have read.
  let budget = choice?.kind === 'shape' || !input.shapes ? 0 : MOST_SAMPLED_PER_BOARD
  const shapesOf = (draft: Draft): ShapeSample | null => {
    if (budget <= 0 || !input.shapes) return null
    const sampled = sampleOf(draft.members)
    budget -= sampled.length
    return shapeSample(sampled.length, input.shapes(sampled))
  }
  return {
    groupBy,
    keys,
    ...failureCounts(input),
    groups: shown.map((draft) => summarise(draft, input, shapesOf(draft))),
    more: { groups: left.length, executions: left.reduce((sum, draft) => sum + draft.members.length, 0) },
    coverage: input.coverage,
    generatedAt: input.now,
  }
}
