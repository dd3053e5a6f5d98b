import { useCallback, useSyncExternalStore } from 'react'

const NAVIGATE_EVENT = 'dashboard:navigate'

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange)
  window.addEventListener(NAVIGATE_EVENT, onChange)
  return () => {
    window.removeEventListener('popstate', onChange)
    window.removeEventListener(NAVIGATE_EVENT, onChange)
  }
}

const readSearch = () => window.location.search

export type HistoryMode = 'push' | 'replace'

export function navigateToSearch(params: URLSearchParams, mode: HistoryMode = 'push'): void {
  const query = params.toString()
  const url = `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`
  if (url === `${window.location.pathname}${window.location.search}${window.location.hash}`) return
  if (mode === 'push') window.history.pushState(null, '', url)
  else window.history.replaceState(null, '', url)
  window.dispatchEvent(new Event(NAVIGATE_EVENT))
}

/** The URL's search string as React state: pushState/replaceState to change it, Back/Forward restore it. */
export function useUrlSearch(): [string, (params: URLSearchParams, mode?: HistoryMode) => void] {
  const search = useSyncExternalStore(subscribe, readSearch, () => '')
  const navigate = useCallback(
    (params: URLSearchParams, mode?: HistoryMode) => navigateToSearch(params, mode),
    [],
  )
  return [search, navigate]
}
