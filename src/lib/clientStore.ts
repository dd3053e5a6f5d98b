import { createClock, type Clock } from './clock'

/*
 * The browser's own state, in one store per app (created with the QueryClient, never at module level):
 * - session slices: what this sign-in did (the selection, paused refreshes); back to their start at every
 *   sign-in and sign-out, so nothing passes to the next user;
 * - stored slices: this browser's preferences and saved views, kept in localStorage under
 *   `execution-dashboard:<key>`, followed across open tabs, untouched by sign-out.
 * Server state lives in the query cache, view state in the URL; neither is kept here.
 */
export const STORAGE_PREFIX = 'execution-dashboard:'

export interface Slice<T> {
  readonly key: string
  readonly initial: () => T
  readonly stored?: { parse: (text: string | null) => T; serialize: (value: T) => string }
}

export function sessionSlice<T>(key: string, initial: () => T): Slice<T> {
  return { key, initial }
}

/** `parse` turns anything unexpected in storage (or nothing) into a usable value; it never throws. */
export function storedSlice<T>(
  key: string,
  parse: (text: string | null) => T,
  serialize: (value: T) => string,
): Slice<T> {
  return { key, initial: () => parse(null), stored: { parse, serialize } }
}

/** A stored choice among fixed strings; anything else in storage reads as the fallback. */
export function choiceSlice<T extends string>(key: string, choices: readonly T[], fallback: T): Slice<T> {
  return storedSlice(key, (text) => choices.find((choice) => choice === text) ?? fallback, String)
}

export interface ClientStore {
  get: <T>(slice: Slice<T>) => T
  /** False when a stored slice could not be written (private mode, full quota): it then holds for this visit. */
  set: <T>(slice: Slice<T>, next: T | ((current: T) => T)) => boolean
  subscribe: (listener: () => void) => () => void
  /** Every session slice back to its start (sign-in, sign-out); stored slices stay. */
  resetSession: () => void
  /** One shared 5-second clock for relative times, ticking only while something shows one. */
  readonly clock: Clock
  /** Stops following other tabs. */
  dispose: () => void
}

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

export function createClientStore(storage: Storage | null = browserStorage()): ClientStore {
  const values = new Map<string, unknown>()
  const slices = new Map<string, Slice<unknown>>()
  const listeners = new Set<() => void>()
  const notify = () => {
    for (const listener of listeners) listener()
  }
  const readStored = <T>(slice: Slice<T>): T => {
    let text: string | null = null
    try {
      text = storage?.getItem(STORAGE_PREFIX + slice.key) ?? null
    } catch {
      // Storage that refuses to be read reads as nothing stored.
    }
    return slice.stored ? slice.stored.parse(text) : slice.initial()
  }
  const get = <T>(slice: Slice<T>): T => {
    if (!values.has(slice.key)) {
      slices.set(slice.key, slice as Slice<unknown>)
      values.set(slice.key, slice.stored ? readStored(slice) : slice.initial())
    }
    return values.get(slice.key) as T
  }
  // Another tab wrote a stored slice (or cleared storage): read it again.
  const followOtherTabs = (event: StorageEvent) => {
    let changed = false
    for (const slice of slices.values()) {
      if (!slice.stored || (event.key !== null && event.key !== STORAGE_PREFIX + slice.key)) continue
      values.set(slice.key, readStored(slice))
      changed = true
    }
    if (changed) notify()
  }
  if (typeof window !== 'undefined') window.addEventListener('storage', followOtherTabs)

  return {
    get,
    set(slice, next) {
      slices.set(slice.key, slice as Slice<unknown>)
      const value = typeof next === 'function' ? (next as (current: unknown) => unknown)(get(slice)) : next
      values.set(slice.key, value)
      let stored = true
      if (slice.stored) {
        try {
          if (!storage) throw new Error('no storage')
          storage.setItem(STORAGE_PREFIX + slice.key, slice.stored.serialize(value as never))
        } catch {
          stored = false
        }
      }
      notify()
      return stored
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    resetSession() {
      for (const slice of slices.values()) if (!slice.stored) values.set(slice.key, slice.initial())
      notify()
    },
    clock: createClock(),
    dispose() {
      if (typeof window !== 'undefined') window.removeEventListener('storage', followOtherTabs)
    },
  }
}

/** Whether this browser keeps anything under a stored slice's key (without reading or parsing it). */
export function hasStoredSlice(key: string, storage: Storage | null = browserStorage()): boolean {
  try {
    return storage?.getItem(STORAGE_PREFIX + key) != null
  } catch {
    return false
  }
}
