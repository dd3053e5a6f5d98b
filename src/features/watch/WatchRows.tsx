import { createContext, useContext, useState, type ReactNode } from 'react'
import { afterFirstScreen, lazyModule } from '../../lib/lazyPart'
import type { Watch } from '../../api/watches'

/** What every Watch button shows and does, read once for the whole list: a row's button subscribes to nothing. */
export interface WatchRowsValue {
  /** Null while the user's watches are asked for, and on a server without the index (then `failed`). */
  watched: ReadonlyMap<string, Watch> | null
  failed: boolean
  /** Executions whose watch is being added or stopped (the button waits for the answer). */
  pending: ReadonlySet<string>
  /** Watch or stop watching; nothing while a change of that execution's watch is on its way. */
  toggle: (executionId: string) => void
}

const WatchRowsContext = createContext<WatchRowsValue | null>(null)

const useWatchRowsSource = lazyModule(afterFirstScreen(() => import('./WatchRowsSource')))

/** Until the source's chunk is there, every Watch button holds its place. */
const LOADING: WatchRowsValue = { watched: null, failed: false, pending: new Set(), toggle: () => undefined }

/**
 * The Watch buttons' one read for the whole list (WatchRowsSource, a chunk of its own: the watch list and its
 * mutations are not needed for the first rows), given to every button through context.
 */
export function WatchRowsProvider({ children }: { children: ReactNode }) {
  const source = useWatchRowsSource()
  const [value, setValue] = useState<WatchRowsValue>(LOADING)
  return (
    <WatchRowsContext.Provider value={value}>
      {children}
      {source ? <source.WatchRowsSource onValue={setValue} /> : null}
    </WatchRowsContext.Provider>
  )
}

export function useWatchRows(): WatchRowsValue {
  const rows = useContext(WatchRowsContext)
  if (!rows) throw new Error('useWatchRows needs a WatchRowsProvider')
  return rows
}
