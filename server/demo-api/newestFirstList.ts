import type { SortKey } from './model.ts'
import { compareNewestFirst } from './paging.ts'

/** Big enough that a million items make ~2,000 blocks, small enough that a splice inside one is cheap. */
const BLOCK_SIZE = 512

interface Position {
  block: number
  index: number
}

/** First index in [0, length) where `isAtOrPast` turns true (it is false, then true, along the range). */
function firstIndex(length: number, isAtOrPast: (index: number) => boolean): number {
  let low = 0
  let high = length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (isAtOrPast(middle)) high = middle
    else low = middle + 1
  }
  return low
}

/**
 * Items in newest-first order (`compareNewestFirst`, keys unique), held in blocks so that finding a
 * key costs O(log n) and an insert or a removal O(log n + block size), at any size.
 */
export class NewestFirstList<T extends SortKey> {
  private blocks: T[][] = []
  private count = 0

  constructor(private readonly blockSize = BLOCK_SIZE) {}

  /** Items already in newest-first order. */
  static fromSorted<T extends SortKey>(items: readonly T[], blockSize = BLOCK_SIZE): NewestFirstList<T> {
    const list = new NewestFirstList<T>(blockSize)
    for (let start = 0; start < items.length; start += blockSize) {
      list.blocks.push(items.slice(start, start + blockSize))
    }
    list.count = items.length
    return list
  }

  get size(): number {
    return this.count
  }

  /** Where the first item past `key` is (at or past it when `inclusive`); the end when there is none. */
  private locate(key: SortKey, inclusive: boolean): Position {
    const isPast = inclusive
      ? (item: T) => compareNewestFirst(item, key) >= 0
      : (item: T) => compareNewestFirst(item, key) > 0
    const { blocks } = this
    const block = firstIndex(blocks.length, (b) => isPast((blocks[b] as T[]).at(-1) as T))
    if (block === blocks.length) return { block, index: 0 }
    const items = blocks[block] as T[]
    return { block, index: firstIndex(items.length, (i) => isPast(items[i] as T)) }
  }

  insert(item: T): void {
    this.count += 1
    const last = this.blocks.at(-1)
    if (!last) {
      this.blocks.push([item])
      return
    }
    const { block, index } = this.locate(item, false)
    const target = block === this.blocks.length ? last : (this.blocks[block] as T[])
    target.splice(block === this.blocks.length ? target.length : index, 0, item)
    if (target.length > 2 * this.blockSize) {
      const at = Math.min(block, this.blocks.length - 1)
      this.blocks.splice(at + 1, 0, target.splice(this.blockSize))
    }
  }

  /** False when the item is not in the list. */
  remove(item: T): boolean {
    const { block, index } = this.locate(item, true)
    const items = this.blocks[block]
    if (items?.[index] !== item) return false
    items.splice(index, 1)
    if (items.length === 0) this.blocks.splice(block, 1)
    this.count -= 1
    return true
  }

  /** In list order, from the first item past `after` (at or past it when `inclusive`); all without a key. */
  *forward(after?: SortKey, inclusive = false): Generator<T, void, undefined> {
    let { block, index } = after ? this.locate(after, inclusive) : { block: 0, index: 0 }
    for (; block < this.blocks.length; block++, index = 0) {
      const items = this.blocks[block] as T[]
      for (; index < items.length; index++) yield items[index] as T
    }
  }

  /** In reverse order, from the last item before `before` (at or before it when `inclusive`); all without a key. */
  *backward(before?: SortKey, inclusive = false): Generator<T, void, undefined> {
    let { block, index } = before ? this.locate(before, !inclusive) : { block: this.blocks.length, index: 0 }
    // (block, index) is the first item not to give; each step yields the one before it.
    for (;;) {
      if (index === 0) {
        block -= 1
        if (block < 0) return
        index = (this.blocks[block] as T[]).length
      }
      index -= 1
      yield (this.blocks[block] as T[])[index] as T
    }
  }

  toArray(): T[] {
    const items = new Array<T>(this.count)
    let at = 0
    for (const block of this.blocks) for (const item of block) items[at++] = item
    return items
  }
}
