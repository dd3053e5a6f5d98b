import { describe, expect, it } from 'vitest'
import type { Store } from '../store/store.ts'
import { credentialKey, fingerprint } from './fingerprint.ts'

/** The store's one row of `dashboard_meta` that matters here, with every statement sent to it. */
function metaStore(kept: string | null, { otherReplicaWrites }: { otherReplicaWrites?: string } = {}) {
  const sent: string[] = []
  let value = kept
  const store = {
    kind: 'embedded',
    where: 'memory',
    query: (sql: string, params?: unknown[]) => {
      sent.push(sql.split(' ')[0] ?? '')
      if (sql.startsWith('insert')) value ??= otherReplicaWrites ?? String(params?.[0])
      return Promise.resolve(value === null ? [] : [{ value }])
    },
  } as unknown as Store
  return { store, sent }
}

describe('credentialKey', () => {
  it('reads the kept key and writes nothing', async () => {
    const { store, sent } = metaStore('ab'.repeat(32))
    expect((await credentialKey(store)).toString('hex')).toBe('ab'.repeat(32))
    expect(sent).toEqual(['select'])
  })

  it('keeps a new key when there is none, and reads the same one next time', async () => {
    const { store, sent } = metaStore(null)
    const first = await credentialKey(store)
    expect(first).toHaveLength(32)
    expect(sent).toEqual(['select', 'insert', 'select'])
    expect((await credentialKey(store)).equals(first)).toBe(true)
  })

  it("takes another replica's key when it wrote first", async () => {
    const { store } = metaStore(null, { otherReplicaWrites: 'cd'.repeat(32) })
    expect((await credentialKey(store)).toString('hex')).toBe('cd'.repeat(32))
  })

  it('without a store, keys differ from one process to the next', async () => {
    const [a, b] = [await credentialKey(null), await credentialKey(null)]
    expect(fingerprint(a, 'Bearer t')).not.toBe(fingerprint(b, 'Bearer t'))
  })
})
