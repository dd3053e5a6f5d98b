import { useSyncExternalStore } from 'react'
import type { Execution } from '../../api'

/** Checked executions by id, with the row as it was when checked (for the confirmation's summary). */
let selected: ReadonlyMap<string, Execution> = new Map()
const listeners = new Set<() => void>()

function publish(next: ReadonlyMap<string, Execution>) {
  selected = next
  for (const listener of listeners) listener()
}

export const selectionStore = {
  subscribe: (listener: () => void) => {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  },
  snapshot: () => selected,
  change: (rows: readonly Execution[], isSelected: boolean) => {
    const next = new Map(selected)
    for (const row of rows) {
      if (isSelected) next.set(row.id, row)
      else next.delete(row.id)
    }
    publish(next)
  },
  remove: (ids: Iterable<string>) => {
    const next = new Map(selected)
    for (const id of ids) next.delete(id)
    publish(next)
  },
  clear: () => publish(new Map()),
}

export function useSelectedExecutions(): ReadonlyMap<string, Execution> {
  return useSyncExternalStore(selectionStore.subscribe, selectionStore.snapshot, selectionStore.snapshot)
}
