import { useCallback, useSyncExternalStore } from 'react'

const lists = new Map<string, MediaQueryList>()

/** One MediaQueryList per query: reading `.matches` is cheap, creating a list on every render is not. */
function mediaList(query: string): MediaQueryList | null {
  if (typeof window.matchMedia !== 'function') return null
  let list = lists.get(query)
  if (!list) lists.set(query, (list = window.matchMedia(query)))
  return list
}

/** Whether a CSS media query matches now; re-renders when that changes. Without matchMedia: false. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaList(query)
      list?.addEventListener('change', onChange)
      return () => list?.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(subscribe, () => mediaList(query)?.matches ?? false)
}
