import type { PGlite, Transaction } from '@electric-sql/pglite'
import type { Row } from './store.ts'

export function runStatement(db: PGlite | Transaction, sql: string, params?: unknown[]): Promise<Row[]>
