/**
 * The dashboard's database: PostgreSQL's SQL in both kinds, so there is one dialect and one set of
 * migrations. `embedded`: PGlite (PostgreSQL in WebAssembly) in a worker thread over a data directory, for
 * one process. `postgres`: a real PostgreSQL shared by several replicas (DATABASE_URL).
 */
export interface Statement {
  sql: string
  params?: unknown[]
}

export type Row = Record<string, unknown>

/** A session-level lock: held until released or until this process's connection ends (it died). */
export interface HeldLock {
  release(): Promise<void>
  /** False once the connection that held it ended: another replica may hold it now. */
  held(): boolean
}

export interface Store {
  readonly kind: 'embedded' | 'postgres'
  /** Where it lives, for logs and the UI: a directory, or the database's host and name (never a password). */
  readonly where: string
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>
  /** The statements in one transaction: all or none. */
  transaction(statements: readonly Statement[]): Promise<void>
  /** Tells every replica (this one included) on `channel`; payload up to a few hundred bytes. */
  notify(channel: string, payload: string): Promise<void>
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>
  /** The lock named `name`, or null when another replica holds it. */
  tryLock(name: string): Promise<HeldLock | null>
  close(): Promise<void>
}

/** A stable 32-bit key for an advisory lock name (PostgreSQL's hashtext is not promised across versions). */
export function lockKey(name: string): number {
  let hash = 0x811c9dc5
  for (const char of name) {
    hash ^= char.codePointAt(0) ?? 0
    hash = Math.imul(hash, 0x01000193)
  }
  return hash | 0
}
