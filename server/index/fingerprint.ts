import { createHash, createHmac, randomBytes } from 'node:crypto'
import type { Store } from '../store/store.ts'
import { describeUpstream, type UpstreamConfig } from '../upstream/config.ts'

/**
 * A one-way fingerprint of a credential, keyed with a secret kept in the store (so every replica computes
 * the same one). The token itself never reaches the store, a log or a URL.
 */
export async function credentialKey(store: Store | null): Promise<Buffer> {
  if (!store) return randomBytes(32)
  const read = () =>
    store.query<{ value: string }>(`select value from dashboard_meta where key = 'credential_key'`)
  // Read first: a write at every start cost a warm start about 10 ms; made once, by whichever replica comes first.
  const [kept] = await read()
  if (kept) return Buffer.from(kept.value, 'hex')
  const fresh = randomBytes(32).toString('hex')
  await store.query(
    `insert into dashboard_meta (key, value) values ('credential_key', $1) on conflict (key) do nothing`,
    [fresh],
  )
  // Another replica's, when it came first.
  const [stored] = await read()
  return Buffer.from(stored?.value ?? fresh, 'hex')
}

export function fingerprint(key: Buffer, authorization: string): string {
  return createHmac('sha256', key).update(authorization).digest('base64url').slice(0, 32)
}

/** The upstream's name with a digest of its address: an index of one API never answers for another. */
export function upstreamKey(name: string, config: UpstreamConfig): string {
  return `${name}@${createHash('sha256').update(describeUpstream(config)).digest('base64url').slice(0, 12)}`
}
