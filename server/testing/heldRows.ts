import type { Store } from '../store/store.ts'

/**
 * `store` whose index rows are read back only when the test says (`readRows`): until then a restarted index has
 * its families' summaries and nothing else. Every other statement goes through at once.
 */
export function withRowsHeld(store: Store): { store: Store; readRows: () => void } {
  let readRows = () => {}
  const rowsMayCome = new Promise<void>((resolve) => (readRows = resolve))
  const held = Object.assign(Object.create(store) as Store, {
    query: async <T>(sql: string, params?: unknown[]) => {
      if (sql.includes('from index_executions where')) await rowsMayCome
      return store.query<T>(sql, params)
    },
  })
  return { store: held, readRows }
}
