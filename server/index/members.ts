/*
 * A family's members as one bit per slot of the partition's kept rows (issue 49 §4). As a map of id to row, each
 * member cost an entry of 28 bytes: a family of a million, 28 MB, in every family that large, and twice that while
 * the map doubled. Here a million members are 125 KB of bits; the partition's rows by slot (8 bytes a row, once) give
 * each member's row back.
 */
import type { IndexedExecution } from './rows.ts'

/**
 * What the index asks of a family's members: the part of a `Map` of id to row it uses. A family of its own (not in
 * a partition: read back from a summary, or a test's) keeps a plain `Map`.
 */
export interface Members {
  readonly size: number
  has(id: string): boolean
  get(id: string): IndexedExecution | undefined
  set(id: string, row: IndexedExecution): this
  delete(id: string): boolean
  values(): IterableIterator<IndexedExecution>
  keys(): IterableIterator<string>
  [Symbol.iterator](): IterableIterator<[string, IndexedExecution]>
}

/** How members find their rows: the partition's rows by id, and its kept rows by slot. */
export interface RowSlots {
  byId: ReadonlyMap<string, IndexedExecution>
  slotOf(row: IndexedExecution): number | undefined
  /** The row kept in each slot (one array for the partition's life: it grows in place). */
  bySlot: readonly (IndexedExecution | undefined)[]
}

const holds = (bits: Uint32Array, slot: number) => ((bits[slot >>> 5] ?? 0) & (1 << (slot & 31))) !== 0

/** The members' rows, word by word of the bits (a class, not a generator: counting a million is faster). */
class MemberRows implements IterableIterator<IndexedExecution> {
  private word = -1
  private left = 0

  constructor(private readonly members: SlotMembers) {}

  [Symbol.iterator]() {
    return this
  }

  next(): IteratorResult<IndexedExecution> {
    // The bits are read from the members each time: they may have grown (a new array) since the last row.
    const { bits } = this.members
    for (;;) {
      while (this.left === 0) {
        this.word += 1
        if (this.word >= bits.length) return { done: true, value: undefined }
        this.left = bits[this.word] ?? 0
      }
      const bit = 31 - Math.clz32(this.left & -this.left)
      this.left &= this.left - 1
      const slot = this.word * 32 + bit
      // Read again: a member of this word may have been deleted since the word was read.
      if (!holds(bits, slot)) continue
      const row = this.members.rows.bySlot[slot]
      if (row) return { done: false, value: row }
    }
  }
}

export class SlotMembers implements Members {
  /** Bit `slot % 32` of word `slot / 32`: the row kept in that slot is a member. */
  bits = new Uint32Array(32)
  private count = 0

  constructor(readonly rows: RowSlots) {}

  get size(): number {
    return this.count
  }

  private holds(slot: number): boolean {
    return holds(this.bits, slot)
  }

  has(id: string): boolean {
    return this.get(id) !== undefined
  }

  get(id: string): IndexedExecution | undefined {
    const row = this.rows.byId.get(id)
    const slot = row === undefined ? undefined : this.rows.slotOf(row)
    return slot !== undefined && this.holds(slot) ? row : undefined
  }

  /** `row` must be the partition's own (a kept row): members are its slots. */
  set(id: string, row: IndexedExecution): this {
    const slot = this.rows.slotOf(row)
    if (slot === undefined || row.id !== id || this.rows.byId.get(id) !== row)
      throw new Error(`execution ${id} is no row of this partition: it cannot be a member`)
    if (this.holds(slot)) return this
    const word = slot >>> 5
    if (word >= this.bits.length) {
      const larger = new Uint32Array(Math.max(word + 1, this.bits.length * 2))
      larger.set(this.bits)
      this.bits = larger
    }
    this.bits[word] = (this.bits[word] ?? 0) | (1 << (slot & 31))
    this.count += 1
    return this
  }

  delete(id: string): boolean {
    const row = this.get(id)
    const slot = row === undefined ? undefined : this.rows.slotOf(row)
    if (slot === undefined) return false
    this.bits[slot >>> 5] = (this.bits[slot >>> 5] ?? 0) & ~(1 << (slot & 31))
    this.count -= 1
    return true
  }

  /** In slot order. A member deleted meanwhile is not given (as from a `Map`). */
  values(): IterableIterator<IndexedExecution> {
    return new MemberRows(this)
  }

  *keys(): IterableIterator<string> {
    for (const row of this.values()) yield row.id
  }

  *[Symbol.iterator](): IterableIterator<[string, IndexedExecution]> {
    for (const row of this.values()) yield [row.id, row]
  }
}
