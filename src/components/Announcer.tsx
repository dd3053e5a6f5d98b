import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'

interface Announcement {
  id: number
  message: string
  tone: 'info' | 'error'
}

type Announce = (message: string, tone?: Announcement['tone']) => void

const AnnouncerContext = createContext<Announce>(() => {})

/** A visible, polite live region for outcomes the user should hear about (reschedules, load results). */
export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<Announcement | null>(null)
  const announce = useCallback<Announce>((message, tone = 'info') => {
    setCurrent((previous) => ({ id: (previous?.id ?? 0) + 1, message, tone }))
  }, [])
  const value = useMemo(() => announce, [announce])
  return (
    <AnnouncerContext.Provider value={value}>
      {children}
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
    </AnnouncerContext.Provider>
  )
}

export function useAnnounce(): Announce {
  return useContext(AnnouncerContext)
}
