// An ES module of React's use-sync-external-store/with-selector (MIT, Meta Platforms, Inc. and affiliates),
// for React 19, which has useSyncExternalStore: TanStack Store imports the CommonJS shim, whose interop
// costs the first load more than this. vite.config.ts points the shim's import here.
/* eslint-disable react-hooks/refs, react-hooks/immutability -- React's own code: the instance ref is read
   in render and its fields written by the selector, as in the original. */
import { useDebugValue, useEffect, useMemo, useRef, useSyncExternalStore } from 'react'

export function useSyncExternalStoreWithSelector<Snapshot, Selection>(
  subscribe: (onStoreChange: () => void) => () => void,
  getSnapshot: () => Snapshot,
  getServerSnapshot: undefined | null | (() => Snapshot),
  selector: (snapshot: Snapshot) => Selection,
  isEqual?: (a: Selection, b: Selection) => boolean,
): Selection {
  const instRef = useRef<{ hasValue: boolean; value: Selection | null } | null>(null)
  instRef.current ??= { hasValue: false, value: null }
  const inst = instRef.current
  const [getSelection, getServerSelection] = useMemo(() => {
    let hasMemo = false
    let memoizedSnapshot: Snapshot
    let memoizedSelection: Selection
    const memoizedSelector = (nextSnapshot: Snapshot): Selection => {
      if (!hasMemo) {
        hasMemo = true
        memoizedSnapshot = nextSnapshot
        const nextSelection = selector(nextSnapshot)
        if (isEqual !== undefined && inst.hasValue && isEqual(inst.value as Selection, nextSelection))
          return (memoizedSelection = inst.value as Selection)
        return (memoizedSelection = nextSelection)
      }
      if (Object.is(memoizedSnapshot, nextSnapshot)) return memoizedSelection
      const nextSelection = selector(nextSnapshot)
      if (isEqual !== undefined && isEqual(memoizedSelection, nextSelection)) {
        memoizedSnapshot = nextSnapshot
        return memoizedSelection
      }
      memoizedSnapshot = nextSnapshot
      return (memoizedSelection = nextSelection)
    }
    return [
      () => memoizedSelector(getSnapshot()),
      getServerSnapshot ? () => memoizedSelector(getServerSnapshot()) : undefined,
    ]
  }, [getSnapshot, getServerSnapshot, selector, isEqual, inst])
  const value = useSyncExternalStore(subscribe, getSelection, getServerSelection)
  useEffect(() => {
    inst.hasValue = true
    inst.value = value
  }, [inst, value])
  useDebugValue(value)
  return value
}
