import { type ViewTimeMode } from './savedViews'
import { readViewsState } from './viewStore'

let pendingTime: ViewTimeMode | null = null

/**
 * Opened without parameters: the default view's parameters go into the URL before the first render, so
 * the first list call is already the default view's (no second call, no flash of the unfiltered list).
 */
export function applyDefaultViewOnStart(): void {
  if (window.location.search !== '') return
  const state = readViewsState()
  const view = state.views.find((candidate) => candidate.id === state.defaultId)
  if (!view || view.query === '') return
  window.history.replaceState(null, '', `${window.location.pathname}?${view.query}${window.location.hash}`)
  pendingTime = view.time
}

/** The default view's Times setting, handed once to whoever can apply it. */
export function takePendingTime(): ViewTimeMode | null {
  const time = pendingTime
  pendingTime = null
  return time
}
