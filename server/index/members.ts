/*
 * A family's members as one bit per slot of the partition's kept rows (issue 49 §4). As a map of id to row, each
 * member cost an entry of 28 bytes: a family of a million, 28 MB, in every family that large, and twice that while
 * the map doubled. Here a million members are 125 KB of bits (a small family keeps a set of slots); the partition's
 * rows by slot (8 bytes a row, once) give each member's row back.
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

/**
 * A family holds its slots in a set while that costs less than bits over every slot (an entry of about 20 bytes
 * against one bit per kept row): a family of 100 members in a partition of a million keeps 2 KB, not 125 KB.
 */
const fewerThanBits = (members: number, slots: number) => members * 20 * 8 <= Math.max(slots, 1_024)

/** The members' rows (a class, not a generator: counting a million is faster). */
class MemberRows implements IterableIterator<IndexedExecution> {
  private word = -1
  private left = 0
  private readonly few: Iterator<number> | null

  constructor(private readonly members: SlotMembers) {
    this.few = members.few?.values() ?? null
  }

  [Symbol.iterator]() {
    return this
  }

  next(): IteratorResult<IndexedExecution> {
    const { members } = this
    for (;;) {
      const slot = this.few ? this.nextFew() : this.nextBit()
      if (slot === undefined) return { done: true, value: undefined }
      // Read again: a member may have left since its set or word was read.
      if (!members.holdsSlot(slot)) continue
      const row = members.rows.bySlot[slot]
      if (row) return { done: false, value: row }
    }
  }

  private nextFew(): number | undefined {
    const next = this.few?.next()
    return next === undefined || next.done === true ? undefined : next.value
  }

  /** The bits are read from the members each time: they may have grown (a new array) since the last row. */
  private nextBit(): number | undefined {
    const bits = this.members.bits
    while (this.left === 0) {
      this.word += 1
      if (this.word >= bits.length) return undefined
      this.left = bits[this.word] ?? 0
    }
    const bit = 31 - Math.clz32(this.left & -this.left)
    this.left &= this.left - 1
    return this.word * 32 + bit
  }
}

export class SlotMembers implements Members {
  /** While the family is small: its slots, in the order they joined. Null once they are bits. */
  few: Set<number> | null = new Set()
  /** Bit `slot % 32` of word `slot / 32`: the row kept in that slot is a member (once `few` is null). */
  bits = new Uint32Array(0)
  private count = 0

  constructor(readonly rows: RowSlots) {}

  get size(): number {
    return this.count
  }

  holdsSlot(slot: number): boolean {
    return this.few ? this.few.has(slot) : holds(this.bits, slot)
  }

  has(id: string): boolean {
    return this.get(id) !== undefined
  }

  get(id: string): IndexedExecution | undefined {
    const row = this.rows.byId.get(id)
    const slot = row === undefined ? undefined : this.rows.slotOf(row)
    return slot !== undefined && this.holdsSlot(slot) ? row : undefined
  }

  /** `row` must be the partition's own (a kept row): members are its slots. */
  set(id: string, row: IndexedExecution): this {
    const slot = this.rows.slotOf(row)
    if (slot === undefined || row.id !== id || this.rows.byId.get(id) !== row)
      throw new Error(`execution ${id} is no row of this partition: it cannot be a member`)
    if (this.holdsSlot(slot)) return this
    this.count += 1
    if (this.few && fewerThanBits(this.count, this.rows.bySlot.length)) {
      this.few.add(slot)
      return this
    }
    if (this.few) {
      const few = this.few
      this.few = null
      for (const held of few) this.setBit(held)
    }
    this.setBit(slot)
    return this
  }

  private setBit(slot: number) {
    const word = slot >>> 5
    if (word >= this.bits.length) {
      const larger = new Uint32Array(Math.max(word + 1, this.bits.length * 2, 32))
      larger.set(this.bits)
      this.bits = larger
    }
    this.bits[word] = (this.bits[word] ?? 0) | (1 << (slot & 31))
  }

  delete(id: string): boolean {
    const row = this.get(id)
    const slot = row === undefined ? undefined : this.rows.slotOf(row)
    if (slot === undefined) return false
    if (this.few) this.few.delete(slot)
    else this.bits[slot >>> 5] = (this.bits[slot >>> 5] ?? 0) & ~(1 << (slot & 31))
    this.count -= 1
    return true
  }

  /**
   * A small family's in the order they joined, a large one's in slot order. A member deleted meanwhile is not given
   * (as from a `Map`).
   */
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
