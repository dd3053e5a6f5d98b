import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'

interface Announcement {
  id: number
  /** Words, or words with ids in them written as components/IdText (isolated). */
  message: ReactNode
  tone: 'info' | 'error'
}

type Announce = (message: ReactNode, tone?: Announcement['tone']) => void

export interface Region {
  current: Announcement | null
  dismiss: () => void
  /** A host takes the live region while it is mounted; returns the release. */
  host: () => () => void
}

const AnnouncerContext = createContext<Announce>(() => {})
export const RegionContext = createContext<Region | null>(null)

/** The live region: only the message is live, so the Dismiss button beside it is not read out with it. */
export function LiveRegion({ region }: { region: Region }) {
  const { current, dismiss } = region
  return (
    <div className={`announcer${current ? ` announcer-${current.tone}` : ''}`}>
      <p role="status" aria-live="polite">
        {current ? <span key={current.id}>{current.message}</span> : null}
      </p>
      {current ? (
        <button type="button" className="button button-small" onClick={dismiss}>
          Dismiss
        </button>
      ) : null}
    </div>
  )
}

/** A visible, polite live region for outcomes the user should hear about (reschedules, load results). */
export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<Announcement | null>(null)
  const [hosts, setHosts] = useState(0)
  const announce = useCallback<Announce>((message, tone = 'info') => {
    setCurrent((previous) => ({ id: (previous?.id ?? 0) + 1, message, tone }))
  }, [])
  const dismiss = useCallback(() => setCurrent(null), [])
  const host = useCallback(() => {
    setHosts((count) => count + 1)
    return () => setHosts((count) => count - 1)
  }, [])
  const region = useMemo<Region>(() => ({ current, dismiss, host }), [current, dismiss, host])
  return (
    <AnnouncerContext.Provider value={announce}>
      <RegionContext.Provider value={region}>{children}</RegionContext.Provider>
      {hosts === 0 ? <LiveRegion region={region} /> : null}
    </AnnouncerContext.Provider>
  )
}

export function useAnnounce(): Announce {
  return useContext(AnnouncerContext)
}
