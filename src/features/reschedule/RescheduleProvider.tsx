import { createContext, useCallback, useContext, useState, type ReactNode } from 'react'
import type { Execution } from '../../api'
import { useRefreshPause } from '../../components/RefreshSettings'
import { RescheduleConfirmation } from './RescheduleConfirmation'

type OpenReschedule = (execution: Execution, opener: HTMLElement | null) => void
const RescheduleContext = createContext<OpenReschedule | null>(null)

interface Target {
  snapshot: Execution
  opener: HTMLElement | null
}

interface RescheduleProviderProps {
  children: ReactNode
  /** Opens another execution's attempts, e.g. the new execution a reschedule answer named. */
  onOpenExecution: (id: string) => void
  /** Where focus goes when neither the opener nor the execution's row is on the page any more: the first
   *  of these ids on the page. */
  fallbackFocusIds: readonly string[]
}

/**
 * One confirmation dialog for the whole app, keyed by execution id: live data can move or drop the row
 * that opened it without taking the dialog away. Live refresh is paused while it is open.
 */
export function RescheduleProvider({ children, onOpenExecution, fallbackFocusIds }: RescheduleProviderProps) {
  const [target, setTarget] = useState<Target | null>(null)
  useRefreshPause(target !== null)
  const open = useCallback<OpenReschedule>((snapshot, opener) => setTarget({ snapshot, opener }), [])

  const close = (openInstead?: string) => {
    const closing = target
    setTarget(null)
    if (openInstead) {
      onOpenExecution(openInstead)
      return
    }
    // After the modal has gone: while it is open the rest of the page is inert. Focus that something has
    // already placed stays (the dialog hands it back to its opener; when the opener's row left the list,
    // the list hands it to the row now in its place).
    requestAnimationFrame(() => {
      if (!closing || (document.activeElement && document.activeElement !== document.body)) return
      const row = document.querySelector<HTMLElement>(`tr[data-row-id="${CSS.escape(closing.snapshot.id)}"]`)
      const opener = closing.opener?.isConnected ? closing.opener : null
      const fallback = fallbackFocusIds.map((id) => document.getElementById(id)).find((element) => element)
      ;(opener ?? row ?? fallback)?.focus()
    })
  }

  return (
    <RescheduleContext.Provider value={open}>
      {children}
      {target ? (
        <RescheduleConfirmation key={target.snapshot.id} snapshot={target.snapshot} onClose={close} />
      ) : null}
    </RescheduleContext.Provider>
  )
}

export function useOpenReschedule(): OpenReschedule {
  const open = useContext(RescheduleContext)
  if (!open) throw new Error('useOpenReschedule needs a RescheduleProvider')
  return open
}
