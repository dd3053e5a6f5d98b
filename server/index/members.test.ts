import { describe, expect, it } from 'vitest'
import { createPartition } from './partition.ts'
import type { IndexedExecution } from './rows.ts'

const row = (id: string): IndexedExecution => ({
  id,
  state: 'started',
  meaning: 'started',
  createdAt: 1_764_000_000_000,
  updatedAt: null,
  createdText: null,
  updatedText: null,
  metadata: null,
  lastSeenAt: 1,
  outcomePending: false,
})

/** A partition holding `count` executions, every other one a member of its unfiltered family. */
function halfMembers(count: number) {
  const partition = createPartition('p')
  const family = partition.family([])
  for (let n = 0; n < count; n += 1) {
    partition.upsert(row(`e${n}`))
    if (n % 2 === 0) partition.addMember(family, row(`e${n}`))
  }
  return { partition, family }
}

describe("a family's members in a partition", () => {
  it('are the partition’s own rows, found by id and given in the order they were kept', () => {
    const { partition, family } = halfMembers(100)
    const ids = Array.from({ length: 50 }, (_, n) => `e${2 * n}`)
    expect(family.members.size).toBe(50)
    expect([...family.members.keys()]).toEqual(ids)
    expect([...family.members.values()].map((member) => member.id)).toEqual(ids)
    expect([...family.members].map(([id, member]) => [id, member.id])).toEqual(ids.map((id) => [id, id]))
    expect(family.members.get('e2')).toBe(partition.rows.get('e2'))
    expect(family.members.has('e3')).toBe(false)
    expect(family.members.get('e3')).toBeUndefined()
    expect(family.members.has('nowhere')).toBe(false)
  })

  it('refuse a row the partition does not keep, and count each member once', () => {
    const { partition, family } = halfMembers(4)
    expect(() => family.members.set('e1', row('e1'))).toThrow(/no row of this partition/)
    expect(() => family.members.set('e9', row('e9'))).toThrow(/no row of this partition/)
    const own = partition.rows.get('e1') as IndexedExecution
    family.members.set('e1', own).set('e1', own)
    expect(family.members.size).toBe(3)
    expect(family.members.delete('e1')).toBe(true)
    expect(family.members.delete('e1')).toBe(false)
    expect(family.members.size).toBe(2)
  })

  it('may be deleted while they are walked: neither the one given nor a later one deleted meanwhile comes', () => {
    const { family } = halfMembers(200)
    const seen: string[] = []
    for (const [id] of family.members) {
      seen.push(id)
      family.members.delete(id)
      if (id === 'e10') family.members.delete('e12')
    }
    expect(seen).toHaveLength(99)
    expect(seen).not.toContain('e12')
    expect(family.members.size).toBe(0)
  })

  it('grow past the bits they began with while being walked', () => {
    const { partition, family } = halfMembers(200)
    const seen: string[] = []
    for (const member of family.members.values()) {
      seen.push(member.id)
      if (member.id !== 'e198') continue
      for (let n = 200; n < 5_000; n += 1) partition.upsert(row(`e${n}`))
      partition.addMember(family, row('e4999'))
      family.members.delete('e4999')
      partition.addMember(family, row('e4998'))
    }
    expect(seen).toEqual([...Array.from({ length: 100 }, (_, n) => `e${2 * n}`), 'e4998'])
  })

  it('of a small family are kept in the order they joined, until bits cost less', () => {
    const partition = createPartition('p')
    const family = partition.family([{ key: 'env', values: ['prod'] }])
    for (let n = 0; n < 3_200; n += 1) partition.upsert(row(`e${n}`))
    const joined = Array.from({ length: 20 }, (_, n) => `e${3_000 - 100 * n}`)
    for (const id of joined) partition.addMember(family, row(id))
    // 20 entries of a set cost less than 3,200 bits.
    expect([...family.members.keys()]).toEqual(joined)
    const seen: string[] = []
    for (const [id] of family.members) {
      seen.push(id)
      if (id !== joined[0]) continue
      // The 21st member costs more as a set than bits would: the family becomes bits while it is walked.
      partition.addMember(family, row('e1'))
      family.members.delete(joined[1] as string)
    }
    expect(seen).toEqual(joined.filter((id) => id !== joined[1]))
    expect([...family.members.keys()]).toEqual(['e1', ...joined.slice(2).reverse(), joined[0]])
    expect(family.members.size).toBe(20)
  })

  it('leave with a forgotten execution: the row kept next in its place is no member', () => {
    const { partition, family } = halfMembers(4)
    partition.forget('e2')
    partition.upsert(row('new'))
    expect(family.members.has('new')).toBe(false)
    expect([...family.members.keys()]).toEqual(['e0'])
    partition.addMember(family, row('new'))
    expect([...family.members.keys()]).toEqual(['e0', 'new'])
  })
})
