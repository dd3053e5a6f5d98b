/*
 * The rows a partition keeps, with their times, meaning and pending flag in columns (issue 49 §4). As plain
 * objects a million rows took 155 bytes each: ten fields, and a boxed number of 16 bytes for each time. A kept row
 * holds its id, state, metadata and its slot in the columns (56 bytes); the rest is read and written through
 * accessors (the texts of its times, kept only when not the ISO form, in a map by slot), so it is still an
 * `IndexedExecution` to every reader, and `Object.assign(kept, incoming)` still takes in news.
 *
 * A kept row is not spread (`{ ...row }` copies its own fields only): `plainRow` makes a copy.
 */
import { KNOWN_EXECUTION_STATES, type KnownExecutionState } from '../../shared/states.ts'
import type { MetadataValue } from '../../shared/metadata.ts'
import type { IndexedExecution } from './rows.ts'

/** A missing time (the API sent none with a zone) in a column of numbers. */
const NONE = Number.NaN
const fromColumn = (value: number): number | null => (Number.isNaN(value) ? null : value)

/** A row's meaning and pending flag in one byte: the meaning's place in this list (0: unknown) and the flag. */
const MEANINGS: readonly (KnownExecutionState | null)[] = [null, ...KNOWN_EXECUTION_STATES]
const PENDING = 0x80
const meaningCode = (meaning: KnownExecutionState | null) => MEANINGS.indexOf(meaning)

/** The texts of a row's times, kept only when one is not the ISO form of its instant (rare). */
interface Texts {
  readonly created: string | null
  readonly updated: string | null
}

/** An execution's fields as plain data: what a kept row is copied to before it is changed and handed on. */
export const plainRow = (row: IndexedExecution): IndexedExecution => ({
  id: row.id,
  state: row.state,
  meaning: row.meaning,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  createdText: row.createdText,
  updatedText: row.updatedText,
  metadata: row.metadata,
  lastSeenAt: row.lastSeenAt,
  outcomePending: row.outcomePending,
})

export interface KeptRows {
  /** A kept copy of `row`, in a slot of its own. */
  keep(row: IndexedExecution): IndexedExecution
  /**
   * A kept row the partition let go: its slot is used again, so it takes its values with it (a reader still
   * holding it reads what it last said, not the next row's).
   */
  release(row: IndexedExecution): void
  /** Slots in use. */
  size(): number
  /** Where a row is kept; undefined for a row that is not one of these, or was let go. */
  readonly slotOf: (row: IndexedExecution) => number | undefined
  /** The row kept in each slot (undefined: free). */
  readonly bySlot: readonly (IndexedExecution | undefined)[]
}

const FROM_COLUMNS = [
  'meaning',
  'createdAt',
  'updatedAt',
  'createdText',
  'updatedText',
  'lastSeenAt',
  'outcomePending',
] as const

export function createKeptRows(initialSlots = 1024): KeptRows {
  let created = new Float64Array(initialSlots)
  let updated = new Float64Array(initialSlots)
  let seen = new Float64Array(initialSlots)
  let flags = new Uint8Array(initialSlots)
  const texts = new Map<number, Texts>()
  /** Each slot's row: what a family's members (bits by slot) are read through. */
  const bySlot: (KeptRow | undefined)[] = []
  const free: number[] = []
  let next = 0

  function grow() {
    const larger = created.length * 2
    const times = (from: Float64Array) => {
      const to = new Float64Array(larger)
      to.set(from)
      return to
    }
    created = times(created)
    updated = times(updated)
    seen = times(seen)
    const moreFlags = new Uint8Array(larger)
    moreFlags.set(flags)
    flags = moreFlags
  }

  function setTexts(slot: number, created: string | null, updated: string | null) {
    if (created === null && updated === null) texts.delete(slot)
    else texts.set(slot, { created, updated })
  }

  class KeptRow implements IndexedExecution {
    id: string
    state: string
    metadata: Readonly<Record<string, MetadataValue>> | null
    readonly slot: number

    constructor(row: IndexedExecution, slot: number) {
      this.id = row.id
      this.state = row.state
      this.metadata = row.metadata
      this.slot = slot
      created[slot] = row.createdAt ?? NONE
      updated[slot] = row.updatedAt ?? NONE
      seen[slot] = row.lastSeenAt
      flags[slot] = meaningCode(row.meaning) | (row.outcomePending ? PENDING : 0)
      setTexts(slot, row.createdText, row.updatedText)
    }
    get meaning(): KnownExecutionState | null {
      return MEANINGS[(flags[this.slot] ?? 0) & ~PENDING] ?? null
    }
    set meaning(value: KnownExecutionState | null) {
      flags[this.slot] = meaningCode(value) | ((flags[this.slot] ?? 0) & PENDING)
    }
    get createdAt(): number | null {
      return fromColumn(created[this.slot] ?? NONE)
    }
    set createdAt(value: number | null) {
      created[this.slot] = value ?? NONE
    }
    get updatedAt(): number | null {
      return fromColumn(updated[this.slot] ?? NONE)
    }
    set updatedAt(value: number | null) {
      updated[this.slot] = value ?? NONE
    }
    get lastSeenAt(): number {
      return seen[this.slot] ?? 0
    }
    set lastSeenAt(value: number) {
      seen[this.slot] = value
    }
    get outcomePending(): boolean {
      return ((flags[this.slot] ?? 0) & PENDING) !== 0
    }
    set outcomePending(value: boolean) {
      flags[this.slot] = ((flags[this.slot] ?? 0) & ~PENDING) | (value ? PENDING : 0)
    }
    get createdText(): string | null {
      return texts.get(this.slot)?.created ?? null
    }
    set createdText(value: string | null) {
      if (value !== this.createdText) setTexts(this.slot, value, this.updatedText)
    }
    get updatedText(): string | null {
      return texts.get(this.slot)?.updated ?? null
    }
    set updatedText(value: string | null) {
      if (value !== this.updatedText) setTexts(this.slot, this.createdText, value)
    }
  }

  return {
    keep(row) {
      let slot = free.pop()
      if (slot === undefined) {
        if (next === created.length) grow()
        slot = next
        next += 1
      }
      const kept = new KeptRow(row, slot)
      bySlot[slot] = kept
      return kept
    },
    release(row) {
      // Not a kept row, or one already let go (its slot may be another row's by now).
      if (!(row instanceof KeptRow) || Object.hasOwn(row, 'lastSeenAt')) return
      const values = plainRow(row)
      // Own data properties shadow the accessors: the released row keeps its values, its slot is free.
      for (const field of FROM_COLUMNS)
        Object.defineProperty(row, field, { value: values[field], writable: true, enumerable: true })
      texts.delete(row.slot)
      bySlot[row.slot] = undefined
      free.push(row.slot)
    },
    size: () => next - free.length,
    slotOf: (row) => (row instanceof KeptRow && bySlot[row.slot] === row ? row.slot : undefined),
    bySlot,
  }
}
