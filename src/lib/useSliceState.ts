import { useCallback } from 'react'
import type { Slice } from './clientStore'
import { useClientStore, useSlice } from './useClientStore'

/** A slice's value and its setter (which says whether a stored slice could be written). */
export function useSliceState<T>(slice: Slice<T>): [T, (next: T | ((current: T) => T)) => boolean] {
  const store = useClientStore()
  const value = useSlice(slice)
  const set = useCallback((next: T | ((current: T) => T)) => store.set(slice, next), [store, slice])
  return [value, set]
}
