import { useCallback, useEffect, useState } from 'react'

const PREFIX = 'execution-dashboard:'

function readStored<T>(key: string, parse: (stored: string | null) => T): T {
  try {
    return parse(window.localStorage.getItem(PREFIX + key))
  } catch {
    return parse(null)
  }
}

/**
 * A UI preference remembered in localStorage as text; `parse` turns anything unexpected there into the
 * default, and another tab's change is followed so open tabs agree.
 */
export function useStoredPreference<T>(
  key: string,
  parse: (stored: string | null) => T,
  serialize: (value: T) => string,
): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(() => readStored(key, parse))
  useEffect(() => {
    const follow = (event: StorageEvent) => {
      if (event.key !== PREFIX + key && event.key !== null) return
      setValue(readStored(key, parse))
    }
    window.addEventListener('storage', follow)
    return () => window.removeEventListener('storage', follow)
  }, [key, parse])
  const update = useCallback(
    (next: T) => {
      setValue(next)
      try {
        window.localStorage.setItem(PREFIX + key, serialize(next))
      } catch {
        // Private mode or a full quota: the choice still holds for this visit.
      }
    },
    [key, serialize],
  )
  return [value, update]
}

const asText = (value: string) => value

/** A small UI preference among fixed string values; anything unexpected in storage reads as the default. */
export function usePreference<T extends string>(
  key: string,
  allowed: readonly T[],
  fallback: T,
): [T, (next: T) => void] {
  // Joined, so a new array literal from the caller is no new dependency.
  const allowedList = allowed.join('\n')
  const parse = useCallback(
    (stored: string | null) => (allowedList.split('\n') as T[]).find((value) => value === stored) ?? fallback,
    [allowedList, fallback],
  )
  return useStoredPreference<T>(key, parse, asText)
}
