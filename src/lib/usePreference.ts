import { useCallback, useEffect, useState } from 'react'

const PREFIX = 'execution-dashboard:'

function readStored<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
  try {
    const stored = window.localStorage.getItem(PREFIX + key)
    return allowed.find((value) => value === stored) ?? fallback
  } catch {
    return fallback
  }
}

/** A small UI preference remembered in localStorage; anything unexpected there reads as the default. */
export function usePreference<T extends string>(
  key: string,
  allowed: readonly T[],
  fallback: T,
): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(() => readStored(key, allowed, fallback))
  // Another tab changed it: follow, so open tabs agree. (Joined, so a new array literal is no new dependency.)
  const allowedList = allowed.join('\n')
  useEffect(() => {
    const follow = (event: StorageEvent) => {
      if (event.key !== PREFIX + key && event.key !== null) return
      setValue(readStored(key, allowedList.split('\n') as T[], fallback))
    }
    window.addEventListener('storage', follow)
    return () => window.removeEventListener('storage', follow)
  }, [key, allowedList, fallback])
  const update = useCallback(
    (next: T) => {
      setValue(next)
      try {
        window.localStorage.setItem(PREFIX + key, next)
      } catch {
        // Private mode or a full quota: the choice still holds for this visit.
      }
    },
    [key],
  )
  return [value, update]
}
