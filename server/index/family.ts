import type { MetadataFilter } from '../../shared/filters.ts'
import type { Coverage, OrderKind } from './coverage.ts'
import type { IndexedExecution } from './rows.ts'
import type { WalkProgress } from './walkProgress.ts'

/**
 * The executions the API returns for one metadata filter ("a filter family"): states are counted by the
 * index itself, so one family answers every state filter over it. The unfiltered list is the family "[]".
 */
export interface Family {
  key: string
  metadata: readonly MetadataFilter[]
  /** Id to the partition's own row object (updated in place), so counting walks objects, not a lookup per id. */
  members: Map<string, IndexedExecution>
  phase: 'new' | 'counting' | 'complete' | 'partial' | 'failed'
  /** Calls of the last (or running) whole scan. */
  calls: number
  /** Why the last whole scan did not end where the API said there was no more. */
  reason: string | null
  /** Members of the last complete scan: what a new scan is likely to find. */
  estimate: number | null
  fullScanAt: number
  refreshedAt: number
  refreshFailing: { since: number; reason: string } | null
  excluded: number
  /** Someone asked for this family (an overview, a live view): it is kept fresh while they do. */
  wantedAt: number
  scanning: boolean
  refreshing: boolean
  /** The running (or last) whole scan of this replica: its order and how far back it got; not stored. */
  walk: WalkProgress | null
}

/** The family key: the metadata filter in one canonical form. */
export function familyKey(metadata: readonly MetadataFilter[]): string {
  const entries = metadata
    .filter((entry) => entry.key !== '' && entry.values.length > 0)
    .map((entry) => ({ key: entry.key, values: [...new Set(entry.values)].sort() }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  return JSON.stringify(entries)
}

export function newFamily(metadata: readonly MetadataFilter[], now: number): Family {
  const key = familyKey(metadata)
  return {
    key,
    metadata: JSON.parse(key) as MetadataFilter[],
    members: new Map(),
    phase: 'new',
    calls: 0,
    reason: null,
    estimate: null,
    fullScanAt: 0,
    refreshedAt: 0,
    refreshFailing: null,
    excluded: 0,
    wantedAt: now,
    scanning: false,
    refreshing: false,
    walk: null,
  }
}

/** What a family's counts can claim, from where its scans got to. */
export function familyCoverage(family: Family, pending: number): Coverage {
  const executions = family.members.size
  const calls = family.calls
  const asOf = Math.max(family.refreshedAt, family.fullScanAt)
  switch (family.phase) {
    case 'new':
    case 'counting':
      return { kind: 'counting', executions, estimate: family.estimate, calls }
    case 'failed':
      return {
        kind: 'failed',
        at: family.fullScanAt,
        executions,
        calls,
        reason: family.reason ?? 'the scan failed',
      }
    case 'partial':
      return { kind: 'at_least', asOf, executions, calls, reason: family.reason ?? 'the scan stopped early' }
    case 'complete':
      if (pending > 0)
        return { kind: 'at_least', asOf, executions, calls, reason: pendingReason(pending), allKnown: true }
      return { kind: 'exact', asOf, executions, calls }
  }
}

export const pendingReason = (pending: number) =>
  `${pending} ${pending === 1 ? 'execution' : 'executions'} finished and ${pending === 1 ? 'its' : 'their'} outcome is being checked`

export interface StoredFamily {
  phase: Family['phase']
  calls: number
  reason: string | null
  estimate: number | null
  fullScanAt: number
  refreshedAt: number
  excluded: number
  order?: OrderKind
}

/** What the store keeps of a family, so another replica (or this one after a restart) can say the same. */
export function storedFamily(family: Family): StoredFamily {
  const { phase, calls, reason, estimate, fullScanAt, refreshedAt, excluded } = family
  return { phase, calls, reason, estimate, fullScanAt, refreshedAt, excluded }
}
