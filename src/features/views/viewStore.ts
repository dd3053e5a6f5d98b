import { useCallback, useSyncExternalStore } from 'react'
import { EMPTY_VIEWS, parseStoredViews, serializeViews, type ViewsState } from './savedViews'

export const VIEWS_STORAGE_KEY = 'execution-dashboard:views'
const CHANGE_EVENT = 'dashboard:views-changed'

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(VIEWS_STORAGE_KEY)
  } catch {
    return null
  }
}

let cachedRaw: string | null | undefined
let cachedState: ViewsState = EMPTY_VIEWS
// Kept when storage refuses writes (private mode, full quota), so the views still hold for this visit.
let unsaved: ViewsState | null = null

function snapshot(): ViewsState {
  if (unsaved) return unsaved
  const raw = readRaw()
  if (raw !== cachedRaw) {
    cachedRaw = raw
    cachedState = parseStoredViews(raw)
  }
  return cachedState
}

/** Follows this tab's changes and, through the `storage` event, every other open tab's. */
function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === VIEWS_STORAGE_KEY || event.key === null) onChange()
  }
  window.addEventListener('storage', onStorage)
  window.addEventListener(CHANGE_EVENT, onChange)
  return () => {
    window.removeEventListener('storage', onStorage)
    window.removeEventListener(CHANGE_EVENT, onChange)
  }
}

export function readViewsState(): ViewsState {
  return snapshot()
}

/** Returns false when the browser would not store it (the change then lasts only for this visit). */
export function writeViewsState(next: ViewsState): boolean {
  let stored = true
  try {
    window.localStorage.setItem(VIEWS_STORAGE_KEY, serializeViews(next))
    unsaved = null
  } catch {
    unsaved = next
    stored = false
  }
  window.dispatchEvent(new Event(CHANGE_EVENT))
  return stored
}

export function useViewsState(): [ViewsState, (change: (state: ViewsState) => ViewsState) => boolean] {
  const state = useSyncExternalStore(subscribe, snapshot, () => EMPTY_VIEWS)
  const update = useCallback(
    (change: (state: ViewsState) => ViewsState) => writeViewsState(change(snapshot())),
    [],
  )
  return [state, update]
}

export function newViewId(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
}
