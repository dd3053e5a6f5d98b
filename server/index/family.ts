import type { MetadataFilter } from '../../shared/filters.ts'
import type { OrderKind } from './coverage.ts'
import type { Members } from './members.ts'
import type { IndexedExecution } from './rows.ts'
import type { WalkProgress } from './walkProgress.ts'

/** Why something the index does for a family is not going as it should, since when. */
export interface Trouble {
  since: number
  reason: string
}

/**
 * The executions the API returns for one metadata filter ("a filter family"): states are counted by the
 * index itself, so one family answers every state filter over it. The unfiltered list is the family "[]".
 *
 * A family is verified by rounds: whole walks of its list, one after another within the budget (rounds.ts). What
 * the index may claim of it is decided in one place, claims.ts.
 */
export interface Family {
  key: string
  metadata: readonly MetadataFilter[]
  /**
   * Id to the partition's own row object (updated in place), so counting walks objects, not a lookup per id: in a
   * partition, a bit per kept row (members.ts).
   */
  members: Members
  /**
   * Members the last complete round did not find again, and nothing has seen since: deleted, or skipped by the
   * API's paging. Not counted, and no claim is exact, until each is found again or its attempts answer 404.
   */
  unconfirmed: Map<string, IndexedExecution>
  /** Unconfirmed members another replica (or this one before a restart) counted, whose ids it did not pass on. */
  unconfirmedElsewhere: number
  /** Before the first complete round: running it, or how the last try ended. */
  phase: 'new' | 'counting' | 'complete' | 'partial' | 'failed'
  /** When the last complete round began: every member was verified at or after it. Null before the first. */
  verifiedAt: number | null
  /** Calls of the last complete round (before the first: of the running one). */
  calls: number
  /** Why the last round did not end where the API said there was no more. */
  reason: string | null
  /** Members after the last complete round: what a new round is likely to find. */
  estimate: number | null
  /** When the last round began, complete or not: rounds are paced from it. */
  roundStartedAt: number
  /** The running round waits on the API (a 429, a 5xx) or the last one stopped early: since when, and why. */
  roundTrouble: Trouble | null
  refreshedAt: number
  refreshFailing: Trouble | null
  excluded: number
  /** Someone asked for this family (an overview, a live view): it is kept fresh while they do. */
  wantedAt: number
  /** The client that first asked for it (null: the server itself): its calls wait in turn with that client's. */
  owner: string | null
  /** A round is running. */
  scanning: boolean
  refreshing: boolean
  /** The running (or last) round of this replica: its order and how far back it got; not stored. */
  walk: WalkProgress | null
  /** How often it is refreshed now, as its viewers look (runtime.ts); not stored. Unset: the refresh interval. */
  paceMs?: number
  /** Refreshes in a row that brought no news: the next comes later (runtime.ts); not stored. */
  quietRefreshes?: number
  /** When a relayed head page last showed every new execution (observe.ts); not stored. */
  headSeenAt?: number
}

/** A family nobody asked for in this long stops being refreshed. */
export const FAMILY_IDLE_MS = 10 * 60_000
/** Distinct filters one client may have the index keep at a time: no client fills the index or its budget. */
export const MOST_FAMILIES_PER_CLIENT = 20

/** The family key: the metadata filter in one canonical form. */
export function familyKey(metadata: readonly MetadataFilter[]): string {
  const entries = metadata
    .filter((entry) => entry.key !== '' && entry.values.length > 0)
    .map((entry) => ({ key: entry.key, values: [...new Set(entry.values)].sort() }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  return JSON.stringify(entries)
}

export function newFamily(
  metadata: readonly MetadataFilter[],
  now: number,
  members: Members = new Map<string, IndexedExecution>(),
): Family {
  const key = familyKey(metadata)
  return {
    key,
    metadata: JSON.parse(key) as MetadataFilter[],
    members,
    unconfirmed: new Map(),
    unconfirmedElsewhere: 0,
    phase: 'new',
    verifiedAt: null,
    calls: 0,
    reason: null,
    estimate: null,
    roundStartedAt: 0,
    roundTrouble: null,
    refreshedAt: 0,
    refreshFailing: null,
    excluded: 0,
    wantedAt: now,
    owner: null,
    scanning: false,
    refreshing: false,
    walk: null,
  }
}

/** Unconfirmed members, wherever they were counted. */
export const unconfirmedCount = (family: Family) => family.unconfirmed.size + family.unconfirmedElsewhere

export interface StoredFamily {
  phase: Family['phase']
  calls: number
  reason: string | null
  estimate: number | null
  verifiedAt?: number | null
  /** Before verification rounds: when the last whole scan ended (read as the verification time). */
  fullScanAt?: number
  unconfirmed?: number
  roundTrouble?: Trouble | null
  refreshedAt: number
  excluded: number
  order?: OrderKind
}

/** What the store keeps of a family, so another replica (or this one after a restart) can say the same. */
export function storedFamily(family: Family): StoredFamily {
  const { phase, calls, reason, estimate, verifiedAt, roundTrouble, refreshedAt, excluded } = family
  const unconfirmed = unconfirmedCount(family)
  return { phase, calls, reason, estimate, verifiedAt, unconfirmed, roundTrouble, refreshedAt, excluded }
}

/** A family as the store had it: what was verified before stays verified as of then. */
/**
 * A family whose partition was read back from the store only in part: what it claimed was verified rests on rows not
 * all read, so it claims nothing until a round verifies it again.
 */
export function forgetVerification(family: Family): void {
  family.verifiedAt = null
  family.phase = 'new'
}

export function loadedFamily(key: string, stored: StoredFamily): Family {
  const family = newFamily(JSON.parse(key) as MetadataFilter[], 0)
  family.phase = stored.phase
  family.calls = stored.calls
  family.reason = stored.reason
  family.estimate = stored.estimate
  family.verifiedAt = stored.verifiedAt ?? (stored.phase === 'complete' ? (stored.fullScanAt ?? null) : null)
  family.unconfirmedElsewhere = stored.unconfirmed ?? 0
  family.roundTrouble = stored.roundTrouble ?? null
  family.refreshedAt = stored.refreshedAt
  family.excluded = stored.excluded
  family.wantedAt = 0
  return family
}
