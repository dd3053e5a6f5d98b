import { useEffect, useRef } from 'react'
import { useClientStore, useSlice } from '../../lib/useClientStore'
import { noticeSlice } from './noticeSlice'

/**
 * "(2) Executions · Execution Dashboard": the notices that came while the tab was hidden, in its title, until the
 * user comes back to it.
 */
export function useTitleCount() {
  const store = useClientStore()
  const { unseen } = useSlice(noticeSlice)
  const base = useRef<string | null>(null)
  useEffect(() => {
    base.current ??= document.title.replace(/^\(\d+\) /, '')
    document.title = unseen > 0 ? `(${unseen}) ${base.current}` : base.current
  }, [unseen])
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') store.set(noticeSlice, (state) => ({ ...state, unseen: 0 }))
    }
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      document.removeEventListener('visibilitychange', onVisibility)
      if (base.current !== null) document.title = base.current
    }
  }, [store])
}
