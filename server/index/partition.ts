import type { MetadataFilter } from '../../shared/filters.ts'
import { contradictsFilters } from '../../shared/filters.ts'
import { countFamily, type StateCounts, type WindowBounds } from './counting.ts'
import { FAMILY_IDLE_MS, familyKey, MOST_FAMILIES_PER_CLIENT, newFamily, type Family } from './family.ts'
import { Refusal } from '../../shared/refusal.ts'
import { createKeptRows, plainRow } from './keptRows.ts'
import { SlotMembers, type RowSlots } from './members.ts'
import { createInterner, isNewer, type IndexedExecution } from './rows.ts'

/** What changed since the store last took it: rows, memberships, families, and rows known to be gone. */
export interface Dirty {
  rows: Set<string>
  members: Map<string, Map<string, boolean>>
  families: Set<string>
  gone: Set<string>
}

const emptyDirty = (): Dirty => ({
  rows: new Set(),
  members: new Map(),
  families: new Set(),
  gone: new Set(),
})

/**
 * The index of one credential at one upstream ("partition"): an index built with one token never answers
 * a session with another. Rows are shared by the partition's families; each family is a membership set.
 */
export function createPartition(id: string, now: () => number = Date.now) {
  const rows = new Map<string, IndexedExecution>()
  const kept = createKeptRows()
  const slots: RowSlots = { byId: rows, slotOf: kept.slotOf, bySlot: kept.bySlot }
  const families = new Map<string, Family>()
  const intern = createInterner()
  const listeners = new Set<() => void>()
  let dirty = emptyDirty()
  let version = 0
  /** Changes to rows and memberships (what a family's own bookkeeping changes is not news). */
  let news = 0
  const counted = new Map<string, { version: number; counts: StateCounts }>()
  /** Memberships read from the store before their rows: family keys per execution id. */
  const waiting = new Map<string, string[]>()
  /** Executions whose outcome is pending, and the families where each is unconfirmed: what checks.ts asks about. */
  const pending = new Set<string>()
  const unconfirmedIn = new Map<string, Set<Family>>()
  /** When the index last asked an execution's attempts: the least recently asked goes first. */
  const checkedAt = new Map<string, number>()
  let notifyScheduled = false

  function changed(isNews = true) {
    version += 1
    if (isNews) news += 1
    if (notifyScheduled) return
    notifyScheduled = true
    // Changes come in bursts (a page of rows): listeners hear once per burst.
    setImmediate(() => {
      notifyScheduled = false
      for (const listener of listeners) listener()
    })
  }

  function markMember(family: Family, executionId: string, present: boolean) {
    const marks = dirty.members.get(family.key) ?? new Map<string, boolean>()
    marks.set(executionId, present)
    dirty.members.set(family.key, marks)
  }

  function refuseBeyondCap(client: string) {
    const at = now()
    let own = 0
    for (const family of families.values())
      if (family.owner === client && at - family.wantedAt < FAMILY_IDLE_MS) own += 1
    if (own < MOST_FAMILIES_PER_CLIENT) return
    throw new Refusal(
      429,
      'too_many_views',
      `The dashboard keeps at most ${MOST_FAMILIES_PER_CLIENT} distinct filters counted for one client at a time, ` +
        'and yours are all in use; close some views (a filter is let go 10 minutes after its last view).',
    )
  }

  /**
   * Takes `row` as the partition's own: into the row it knows, in place (the families hold that very object; field
   * by field, as a kept row's own fields are not all of it), or as a new kept row.
   */
  function takeIn(row: IndexedExecution): IndexedExecution {
    const known = rows.get(row.id)
    const own = known ?? kept.keep(row)
    if (known) Object.assign(known, plainRow(row))
    else rows.set(row.id, own)
    if (row.outcomePending) pending.add(row.id)
    else pending.delete(row.id)
    return own
  }

  /** A family from elsewhere (the store) made the partition's: its members as bits of the partition's rows. */
  function ownMembers(family: Family): Family {
    const members = new SlotMembers(slots)
    for (const id of family.members.keys()) {
      const own = rows.get(id)
      if (own) members.set(id, own)
    }
    family.members = members
    return family
  }

  /** An unconfirmed execution seen again: a member again of each family whose filter it still fits. */
  function reconfirm(row: IndexedExecution) {
    const where = unconfirmedIn.get(row.id) ?? new Set<Family>()
    unconfirmedIn.delete(row.id)
    for (const family of where) {
      if (!family.unconfirmed.delete(row.id)) continue
      dirty.families.add(family.key)
      const filter = { states: [], metadata: family.metadata }
      if (contradictsFilters({ state: row.state, metadata: row.metadata ?? undefined }, filter)) continue
      family.members.set(row.id, row)
      markMember(family, row.id, true)
    }
    changed()
  }

  /** Executions someone watches, until when: their outcome is read before any other's. */
  const urgent = new Map<string, number>()

  return {
    id,
    rows: rows as ReadonlyMap<string, IndexedExecution>,
    /** Asks for these executions' outcomes first, for a while (a watch asks again while it lasts). */
    hurry(ids: readonly string[], until: number) {
      for (const id of ids) urgent.set(id, until)
    },
    /**
     * The next execution whose fate to ask its attempts about, among `family`'s: a watched one whose outcome is
     * pending first, then the pending and the unconfirmed, the least recently asked first. Urgent: asked for soon.
     */
    nextToCheck(family: Family): { id: string; urgent: boolean } | undefined {
      const at = now()
      for (const [id, until] of urgent) {
        if (until < at) urgent.delete(id)
        else if (pending.has(id) && family.members.has(id)) return { id, urgent: true }
      }
      let best: string | undefined
      let bestAt = Infinity
      const consider = (id: string) => {
        const asked = checkedAt.get(id) ?? 0
        if (asked < bestAt) [best, bestAt] = [id, asked]
      }
      for (const id of pending) if (family.members.has(id)) consider(id)
      for (const id of family.unconfirmed.keys()) consider(id)
      return best === undefined ? undefined : { id: best, urgent: false }
    },
    /** How many of `family`'s members finished without the index seeing how. */
    pendingIn(family: Family): number {
      let count = 0
      for (const id of pending) if (family.members.has(id)) count += 1
      return count
    },
    /** The oldest created_at among `family`'s members whose outcome is pending; null when none has one. */
    oldestPendingIn(family: Family): number | null {
      let oldest: number | null = null
      for (const id of pending) {
        const created = family.members.get(id)?.createdAt ?? null
        if (created !== null && (oldest === null || created < oldest)) oldest = created
      }
      return oldest
    },
    /** The index asked this execution's attempts now. */
    checked(id: string) {
      checkedAt.set(id, now())
    },
    families: families as ReadonlyMap<string, Family>,
    intern,
    /**
     * The family for a metadata filter, created (unscanned) on first use; `client` (who asks) may have at most
     * MOST_FAMILIES_PER_CLIENT of their own wanted at a time: past it, a refusal that says so.
     */
    family(metadata: readonly MetadataFilter[], client: string | null = null): Family {
      const key = familyKey(metadata)
      let family = families.get(key)
      if (!family) {
        // The unfiltered family is everyone's: never counted against a client, and owned by none.
        const owner = key === '[]' ? null : client
        if (owner !== null) refuseBeyondCap(owner)
        family = newFamily(metadata, now(), new SlotMembers(slots))
        family.owner = owner
        families.set(key, family)
        dirty.families.add(key)
      }
      return family
    },
    /**
     * Keeps what a list said of an execution, unless the index already knows something newer. Any sight of it
     * confirms it where it was unconfirmed.
     */
    upsert(row: IndexedExecution): boolean {
      const known = rows.get(row.id)
      const newer = isNewer(row, known)
      if (known) known.lastSeenAt = Math.max(known.lastSeenAt, row.lastSeenAt)
      if (newer) {
        takeIn(row)
        dirty.rows.add(row.id)
      }
      const own = rows.get(row.id)
      if (own && unconfirmedIn.has(row.id)) reconfirm(own)
      if (newer) changed()
      return newer
    },
    /** The index saw it leave the active set without seeing where to. */
    markOutcomePending(executionId: string) {
      const row = rows.get(executionId)
      if (!row || row.outcomePending) return
      row.outcomePending = true
      pending.add(executionId)
      dirty.rows.add(executionId)
      changed()
    },
    /** A round of `family` did not find this member again: not counted until it is found again or known gone. */
    unconfirm(family: Family, executionId: string) {
      const row = family.members.get(executionId)
      if (!row) return
      family.members.delete(executionId)
      family.unconfirmed.set(executionId, row)
      const where = unconfirmedIn.get(executionId) ?? new Set<Family>()
      where.add(family)
      unconfirmedIn.set(executionId, where)
      markMember(family, executionId, false)
      dirty.families.add(family.key)
      changed()
    },
    /** The API says this execution is no more (its attempts answered 404): gone from the index and the store. */
    forget(executionId: string) {
      for (const family of families.values()) {
        family.unconfirmed.delete(executionId)
        if (family.members.delete(executionId)) markMember(family, executionId, false)
        dirty.families.add(family.key)
      }
      const row = rows.get(executionId)
      if (row) kept.release(row)
      rows.delete(executionId)
      pending.delete(executionId)
      unconfirmedIn.delete(executionId)
      checkedAt.delete(executionId)
      urgent.delete(executionId)
      dirty.rows.delete(executionId)
      dirty.gone.add(executionId)
      changed()
    },
    /** A row the API returned for `family`: a member, unless it contradicts the family's filter. */
    addMember(family: Family, row: IndexedExecution): boolean {
      if (
        contradictsFilters(
          { state: row.state, metadata: row.metadata ?? undefined },
          { states: [], metadata: family.metadata },
        )
      ) {
        return false
      }
      const own = rows.get(row.id)
      if (!own) return false
      if (family.unconfirmed.delete(row.id)) unconfirmedIn.get(row.id)?.delete(family)
      if (!family.members.has(row.id)) {
        family.members.set(row.id, own)
        markMember(family, row.id, true)
        changed()
      }
      return true
    },
    familyChanged(family: Family) {
      dirty.families.add(family.key)
      changed(false)
    },
    /** Grows with every change to rows or memberships: a refresh that left it as it was brought no news. */
    news: () => news,
    /** Counts per state over a family, cached until anything in the partition changes. */
    count(family: Family, states: readonly string[], window?: WindowBounds): StateCounts {
      const key = `${family.key} ${JSON.stringify([...states].sort())} ${JSON.stringify(window ?? null)}`
      const cached = counted.get(key)
      if (cached?.version === version) return cached.counts
      const counts = countFamily(family, { states }, window)
      if (counted.size > 500) counted.clear()
      counted.set(key, { version, counts })
      return counts
    },
    /** Bumps on every change: what a cache of an answer over this partition is valid for. */
    version: () => version,
    onChange(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    /** Hands over what changed since the last call (the store writes it). */
    takeDirty(): Dirty {
      const taken = dirty
      dirty = emptyDirty()
      return taken
    },
    /** A write that failed: its changes are owed again. */
    returnDirty(taken: Dirty) {
      for (const id of taken.rows) if (rows.has(id)) dirty.rows.add(id)
      for (const id of taken.gone) if (!rows.has(id)) dirty.gone.add(id)
      for (const key of taken.families) dirty.families.add(key)
      for (const [key, marks] of taken.members) {
        const current = dirty.members.get(key) ?? new Map<string, boolean>()
        for (const [member, present] of marks) if (!current.has(member)) current.set(member, present)
        dirty.members.set(key, current)
      }
    },
    /** Rows, members and families read from the store (a restart, another replica's scan): not dirty. */
    load(loaded: { rows?: IndexedExecution[]; members?: [string, string, boolean][]; families?: Family[] }) {
      for (const row of loaded.rows ?? []) {
        const known = rows.get(row.id)
        // Seen since it was written (a relayed page while the partition is read back): the later sighting stays.
        const own = known && row.lastSeenAt < known.lastSeenAt ? known : takeIn(row)
        // A membership read before its row (they are read in pages of their own) is taken now.
        for (const key of waiting.get(row.id) ?? []) families.get(key)?.members.set(row.id, own)
        waiting.delete(row.id)
      }
      for (const family of loaded.families ?? []) {
        const existing = families.get(family.key)
        if (existing)
          Object.assign(existing, {
            ...family,
            members: existing.members,
            unconfirmed: existing.unconfirmed,
            wantedAt: existing.wantedAt,
            walk: existing.walk,
            scanning: existing.scanning,
            refreshing: existing.refreshing,
          })
        else families.set(family.key, ownMembers(family))
      }
      for (const [key, executionId, present] of loaded.members ?? []) {
        const family =
          families.get(key) ?? newFamily(JSON.parse(key) as MetadataFilter[], now(), new SlotMembers(slots))
        families.set(key, family)
        const row = rows.get(executionId)
        if (!present) family.members.delete(executionId)
        else if (row) family.members.set(executionId, row)
        else waiting.set(executionId, [...(waiting.get(executionId) ?? []), key])
      }
      changed()
    },
  }
}

export type Partition = ReturnType<typeof createPartition>
