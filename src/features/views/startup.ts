import { hasStoredSlice, type ClientStore } from '../../lib/clientStore'

/*
 * What must run before the first render, kept apart from the feature's index so that importing it loads
 * nothing else of saved views.
 */

/**
 * Opened without parameters and with saved views in this browser: loads the views code and applies the
 * default view before the first render (see defaultView.ts). Otherwise nothing loads.
 */
export async function applyDefaultViewOnStart(store: ClientStore): Promise<void> {
  if (window.location.search !== '' || !hasStoredSlice('views')) return
  const { applyDefaultView } = await import('./defaultView')
  applyDefaultView(store)
}
