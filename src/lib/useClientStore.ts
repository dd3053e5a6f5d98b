import { createContext, useContext, useSyncExternalStore } from 'react'
import type { ClientStore, Slice } from './clientStore'

export const ClientStoreContext = createContext<ClientStore | null>(null)

export function useClientStore(): ClientStore {
  const store = useContext(ClientStoreContext)
  if (!store) throw new Error('useClientStore needs a ClientStoreContext provider (see app/AppProviders)')
  return store
}

/** A slice's value; re-renders when it changes. */
export function useSlice<T>(slice: Slice<T>): T {
  const store = useClientStore()
  return useSyncExternalStore(store.subscribe, () => store.get(slice))
}
