import { describe, expect, it } from 'vitest'
import type { SortKey } from './model.ts'
import { NewestFirstList } from './newestFirstList.ts'
import { compareNewestFirst } from './paging.ts'
import { Random } from './random.ts'

const ids = (items: Iterable<SortKey>) => [...items].map((item) => item.id)

describe('NewestFirstList', () => {
  it('keeps the same order as a sorted array through inserts and removals, over many small blocks', () => {
    const random = new Random(11)
    const list = new NewestFirstList<SortKey>(3)
    let mirror: SortKey[] = []
    for (let step = 0; step < 2_000; step++) {
      if (mirror.length > 0 && random.chance(0.4)) {
        const item = random.pick(mirror)
        expect(list.remove(item)).toBe(true)
        expect(list.remove(item)).toBe(false)
        mirror = mirror.filter((other) => other !== item)
      } else {
        // Few distinct times, so ties are broken by id often.
        const item = { createdAt: random.int(0, 40), id: `e${step}` }
        list.insert(item)
        mirror.push(item)
        mirror.sort(compareNewestFirst)
      }
      expect(list.size).toBe(mirror.length)
    }
    expect(ids(list.toArray())).toEqual(ids(mirror))
  })

  it('walks forward and backward from a key that need not be in the list', () => {
    const items = Array.from({ length: 10 }, (_, index) => ({ createdAt: 100 - index * 10, id: `x${index}` }))
    const list = NewestFirstList.fromSorted(items, 2)
    const present = items[3] as SortKey
    const absent = { createdAt: 65, id: 'between' }
    expect(ids(list.forward(present))).toEqual(ids(items.slice(4)))
    expect(ids(list.forward(present, true))).toEqual(ids(items.slice(3)))
    expect(ids(list.forward(absent))).toEqual(ids(items.slice(4)))
    expect(ids(list.backward(present))).toEqual(ids(items.slice(0, 3).reverse()))
    expect(ids(list.backward(present, true))).toEqual(ids(items.slice(0, 4).reverse()))
    expect(ids(list.backward(absent))).toEqual(ids(items.slice(0, 4).reverse()))
    expect(ids(list.forward())).toEqual(ids(items))
    expect(ids(list.backward())).toEqual(ids([...items].reverse()))
    expect(ids(new NewestFirstList().backward())).toEqual([])
  })
})
