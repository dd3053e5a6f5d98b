import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'

interface Announcement {
  id: number
  message: string
  tone: 'info' | 'error'
}

type Announce = (message: string, tone?: Announcement['tone']) => void

const AnnouncerContext = createContext<Announce>(() => {})
/**
 * A modal dialog that stays open while things are announced (the attempts drawer) hosts the live region:
 * outside it the page is inert, and an inert live region is not read out.
 */
const AnnouncerHostContext = createContext<(host: HTMLElement | null) => void>(() => {})

/** A visible, polite live region for outcomes the user should hear about (reschedules, load results). */
export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<Announcement | null>(null)
  const announce = useCallback<Announce>((message, tone = 'info') => {
    setCurrent((previous) => ({ id: (previous?.id ?? 0) + 1, message, tone }))
  }, [])
  const value = useMemo(() => announce, [announce])
  const [host, setHost] = useState<HTMLElement | null>(null)
  const region = (
    <div className={`announcer${current ? ` announcer-${current.tone}` : ''}`}>
      {/* Only the message is live: the Dismiss button beside it is not read out with it. */}
      <p role="status" aria-live="polite">
        {current ? <span key={current.id}>{current.message}</span> : null}
      </p>
      {current ? (
        <button type="button" className="button button-small" onClick={() => setCurrent(null)}>
          Dismiss
        </button>
      ) : null}
    </div>
  )
  return (
    <AnnouncerContext.Provider value={value}>
      <AnnouncerHostContext.Provider value={setHost}>{children}</AnnouncerHostContext.Provider>
      {host ? createPortal(region, host) : region}
    </AnnouncerContext.Provider>
  )
}

/** Rendered inside a modal dialog: announcements are made (and shown) there while it is open. */
export function AnnouncerHost() {
  return <div ref={useContext(AnnouncerHostContext)} />
}

export function useAnnounce(): Announce {
  return useContext(AnnouncerContext)
}
