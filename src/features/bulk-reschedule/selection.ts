import { useMemo } from 'react'
import type { Execution } from '../../api'
import { sessionSlice } from '../../lib/clientStore'
import { useClientStore, useSlice } from '../../lib/useClientStore'

/**
 * Checked executions by id, with the row as it was when checked (for the confirmation's summary). Session
 * state: kept across paging, filters and refreshes, and gone at sign-in and sign-out.
 */
export const selectionSlice = sessionSlice<ReadonlyMap<string, Execution>>('bulk-selection', () => new Map())

export function useSelectedExecutions(): ReadonlyMap<string, Execution> {
  return useSlice(selectionSlice)
}

export function useSelectionActions() {
  const store = useClientStore()
  return useMemo(
    () => ({
      change: (rows: readonly Execution[], isSelected: boolean) =>
        store.set(selectionSlice, (selected) => {
          const next = new Map(selected)
          for (const row of rows) {
            if (isSelected) next.set(row.id, row)
            else next.delete(row.id)
          }
          return next
        }),
      remove: (ids: Iterable<string>) =>
        store.set(selectionSlice, (selected) => {
          const next = new Map(selected)
          for (const id of ids) next.delete(id)
          return next
        }),
      clear: () => store.set(selectionSlice, new Map()),
    }),
    [store],
  )
}

/** The selection as the executions table takes it. */
export function useRowSelection() {
  const selected = useSelectedExecutions()
  const { change } = useSelectionActions()
  return useMemo(
    () => ({
      isSelected: (id: string) => selected.has(id),
      onChange: (rows: readonly Execution[], isSelected: boolean) => {
        change(rows, isSelected)
      },
    }),
    [selected, change],
  )
}
