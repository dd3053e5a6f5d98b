import { storedSlice } from '../../lib/clientStore'
import { useSliceState } from '../../lib/useSliceState'
import { parseStoredViews, serializeViews, type ViewsState } from './savedViews'

/**
 * Saved views: a stored slice of the client store, `execution-dashboard:views` in localStorage (versioned
 * JSON, read view by view), followed across open tabs. When the browser refuses the write (private mode,
 * a full quota), the change still holds for this visit.
 */
export const viewsSlice = storedSlice('views', parseStoredViews, serializeViews)

/** The views, and `update`, which says whether the browser stored the change. */
export function useViewsState(): [ViewsState, (change: (state: ViewsState) => ViewsState) => boolean] {
  const [state, set] = useSliceState(viewsSlice)
  return [state, set]
}

export function newViewId(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
}
