import type pg from 'pg'
import { lockKey, type HeldLock, type Row, type Statement, type Store } from './store.ts'

const INT8 = 20
/** bigint columns as numbers (sequence values and counts stay far below 2^53), as PGlite gives them. */
const typesOf = (driver: typeof pg): pg.CustomTypesConfig => ({
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8
      ? (value: string) => Number(value)
      : (driver.types.getTypeParser(oid, format ?? 'text') as (
          value: string,
        ) => unknown)) as pg.CustomTypesConfig['getTypeParser'],
})

/** Host, port and database of a connection string: never the user's password. */
export function describeDatabase(url: string): string {
  try {
    const parsed = new URL(url)
    return `postgresql://${parsed.host}${parsed.pathname}`
  } catch {
    return 'postgresql (DATABASE_URL)'
  }
}

/** A real PostgreSQL, shared by every replica: locks and notifications reach them all. */
export async function openPostgresStore(url: string): Promise<Store> {
  // Loaded here, not with the module: bundled, a static import would load the driver at every start, embedded too.
  const { default: driver } = await import('pg')
  const pool = new driver.Pool({
    connectionString: url,
    max: 5,
    types: typesOf(driver),
    connectionTimeoutMillis: 5_000,
  })
  // An idle client that breaks (the server restarted) is dropped by the pool; without this it would throw.
  pool.on('error', () => {})
  await pool.query('select 1')
  const listeners = new Map<string, Set<(payload: string) => void>>()
  let listener: pg.PoolClient | null = null
  let lockClient: pg.PoolClient | null = null
  let lockGeneration = 0

  async function listenClient(): Promise<pg.PoolClient> {
    if (listener) return listener
    const client = await pool.connect()
    client.on('notification', (message) => {
      for (const handler of listeners.get(message.channel) ?? []) handler(message.payload ?? '')
    })
    client.on('error', () => {
      listener = null
      client.release(true)
    })
    for (const channel of listeners.keys()) await client.query(`listen ${driver.escapeIdentifier(channel)}`)
    listener = client
    return client
  }

  async function locks(): Promise<pg.PoolClient> {
    if (lockClient) return lockClient
    const client = await pool.connect()
    client.on('error', () => {
      // Every lock this connection held is gone: other replicas take over.
      lockClient = null
      lockGeneration += 1
      client.release(true)
    })
    lockClient = client
    return client
  }

  async function run(client: pg.PoolClient | pg.Pool, statement: Statement): Promise<Row[]> {
    const result: pg.QueryResult<Row> | pg.QueryResult<Row>[] = await client.query<Row>(
      statement.sql,
      statement.params ?? [],
    )
    // Several statements without parameters (a migration) answer one result each.
    const results: pg.QueryResult<Row>[] = Array.isArray(result) ? result : [result]
    return results.at(-1)?.rows ?? []
  }

  return {
    kind: 'postgres',
    where: describeDatabase(url),
    query: async <T = Row>(sql: string, params: unknown[] = []) => (await run(pool, { sql, params })) as T[],
    transaction: async (statements) => {
      const client = await pool.connect()
      try {
        await client.query('begin')
        for (const statement of statements) await run(client, statement)
        await client.query('commit')
      } catch (error) {
        await client.query('rollback').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
    notify: async (channel, payload) => {
      await pool.query('select pg_notify($1, $2)', [channel, payload])
    },
    listen: async (channel, onPayload) => {
      const isNew = !listeners.has(channel)
      const set = listeners.get(channel) ?? new Set()
      set.add(onPayload)
      listeners.set(channel, set)
      const client = await listenClient()
      if (isNew) await client.query(`listen ${driver.escapeIdentifier(channel)}`)
      return () => {
        set.delete(onPayload)
        return Promise.resolve()
      }
    },
    tryLock: async (name): Promise<HeldLock | null> => {
      const client = await locks()
      const key = lockKey(name)
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        key,
      ])
      if (rows[0]?.locked !== true) return null
      const generation = lockGeneration
      const held = () => generation === lockGeneration && lockClient === client
      return {
        held,
        release: async () => {
          if (held()) await client.query('select pg_advisory_unlock($1)', [key]).catch(() => {})
        },
      }
    },
    close: async () => {
      listener?.release()
      lockClient?.release()
      await pool.end()
    },
  }
}
