import { useSyncExternalStore } from 'react'
import type { RescheduleOutcome } from '../../api'

/** What this browser last did to an execution, so its button says so instead of inviting a repeat. */
export interface RecentReschedule {
  at: number
  outcome: RescheduleOutcome | { kind: 'unknown'; requestedId: string; reason: string }
}

let recent = new Map<string, RecentReschedule>()
const listeners = new Set<() => void>()

export function rememberReschedule(id: string, entry: RecentReschedule): void {
  recent = new Map(recent).set(id, entry)
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useRecentReschedule(id: string): RecentReschedule | undefined {
  return useSyncExternalStore(subscribe, () => recent.get(id))
}

/** For tests: forget everything. */
export function forgetReschedules(): void {
  recent = new Map()
  for (const listener of listeners) listener()
}
