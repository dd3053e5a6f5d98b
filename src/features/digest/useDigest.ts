import { useEffect, useState } from 'react'
import { fetchDigest, markViewSeen, type DigestAnswer } from '../../api/digest'
import { useFirstScreenShown } from '../../api/firstScreen'
import type { ListFilters } from '../../../shared/filters'
import { filtersKey } from '../../../shared/filtersKey'

/** A tab hidden at least this long asks again as it comes back (the server's awayMs then decides what shows). */
export const AWAY_MS = 60_000

/**
 * Whether a digest has something to say: a last look long enough ago (the server's DASHBOARD_DIGEST_AWAY_MS: a reload
 * a moment later shows nothing), and something that changed.
 */
export function worthShowing(digest: DigestAnswer): boolean {
  if (digest.lastSeenAt === null || digest.generatedAt - digest.lastSeenAt < digest.awayMs) return false
  return digest.newFailures.count + digest.rescheduledByOthers.count + digest.longRunning.count > 0
}

/**
 * The digest of the view shown: asked for on arrival (the page opens, the view changes, the tab comes back after
 * being away), after which the view counts as seen now; the view is seen again as the tab is hidden, so a return
 * counts from when the user stopped looking. A server without the index has no digest, and nothing is shown.
 */
export function useDigest(filters: ListFilters) {
  const key = filtersKey(filters)
  const [shown, setShown] = useState<{ key: string; digest: DigestAnswer } | null>(null)
  // Not part of the first screen: asked once the list has its answer on screen.
  const firstScreenShown = useFirstScreenShown()
  useEffect(() => {
    if (!firstScreenShown) return
    const controller = new AbortController()
    const view = JSON.parse(key) as ListFilters
    const quietly = (promise: Promise<unknown>) => void promise.catch(() => {})
    const arrive = async () => {
      const digest = await fetchDigest(view, controller.signal)
      setShown(worthShowing(digest) ? { key, digest } : null)
      // After the digest was read: this look counts from now on.
      quietly(markViewSeen(view))
    }
    quietly(arrive())
    let hiddenAt: number | null = null
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        hiddenAt = Date.now()
        quietly(markViewSeen(view, true))
      } else if (hiddenAt !== null && Date.now() - hiddenAt >= AWAY_MS) {
        hiddenAt = null
        quietly(arrive())
      }
    }
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      controller.abort()
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [key, firstScreenShown])
  return {
    digest: shown?.key === key ? shown.digest : null,
    dismiss: () => setShown(null),
  }
}
