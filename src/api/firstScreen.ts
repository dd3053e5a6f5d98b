import { useQuery, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react'
import { executionKeys } from './queryKeys'
import { sessionKeys } from './session'

/**
 * What the first screen needs before anything else asks the server (issue 49 §1: at most 3 API calls before the
 * first row): the session, the executions (a list, an execution opened by link), its attempts, and the audit
 * trail's page when the audit view is the page. Every other query (counts, board, watches, links, the header's API
 * list…) waits until the first screen has its answer on screen, then they all go at once. Per session: signing out
 * forgets the answers, and the next session's first screen goes first again.
 */
const SHOWN_KEY = ['first-screen-shown'] as const
const FIRST_SCREEN_ROOTS = new Set<unknown>([sessionKeys.all[0], executionKeys.all[0], 'attempts'])

const isAuditPage = (key: readonly unknown[]) =>
  key[0] === 'audit' && typeof key[1] === 'object' && key[1] !== null

const isFirstScreen = (query: Query) =>
  FIRST_SCREEN_ROOTS.has(query.queryKey[0]) || isAuditPage(query.queryKey)

/** The answers the first screen waits for: a page of executions or of the trail, or a session not signed in. */
function firstScreenSettled(query: Query): boolean {
  const { queryKey: key, state } = query
  if (state.status === 'pending') return false
  if (key[0] === executionKeys.all[0] && key[1] === executionKeys.lists()[1]) return true
  if (isAuditPage(key)) return true
  if (key[0] !== sessionKeys.all[0]) return false
  return state.status === 'error' || (state.data as { signedIn?: boolean } | undefined)?.signedIn === false
}

/** False while held; true once shown; nothing on a client without the hold (tests of one part): not held. */
const isHeld = (client: QueryClient) => client.getQueryData<boolean>(SHOWN_KEY) === false

/** After the answer is drawn: the next frame, then the task after it (React has committed the rows by then). */
function afterItIsDrawn(then: () => void) {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(then, 0))
  else setTimeout(then, 0)
}

/**
 * Holds every query that is not the first screen's until the first screen has its answer, as the default `enabled`
 * of the client's queries; a query that sets its own `enabled` adds `useFirstScreenShown()` to it.
 */
export function holdUntilFirstScreen(client: QueryClient): void {
  client.setQueryDefaults(SHOWN_KEY, { gcTime: Infinity, staleTime: Infinity })
  client.setQueryData(SHOWN_KEY, false)
  let opening = false
  client.getQueryCache().subscribe((event) => {
    // Signing out forgets every answer, this one too: the next session's first screen goes first again.
    if (event.type === 'removed' && (event.query as Query).queryKey[0] === SHOWN_KEY[0]) {
      client.setQueryData(SHOWN_KEY, false)
      return
    }
    if (opening || event.type !== 'updated' || !isHeld(client)) return
    if (!firstScreenSettled(event.query as Query)) return
    opening = true
    afterItIsDrawn(() => {
      opening = false
      client.setQueryData(SHOWN_KEY, true)
      // The held queries someone waits for (`enabled` says yes now); never the first screen's own (a failed list
      // stays failed until its Retry).
      void client.refetchQueries({
        predicate: (query) =>
          !isFirstScreen(query) &&
          query.getObserversCount() > 0 &&
          query.state.status === 'pending' &&
          query.state.fetchStatus === 'idle',
      })
    })
  })
  const defaults = client.getDefaultOptions()
  client.setDefaultOptions({
    ...defaults,
    queries: { ...defaults.queries, enabled: (query) => isFirstScreen(query) || !isHeld(client) },
  })
}

/**
 * Calls `then` once, when the first screen has its answer on screen (at once on a client without the hold): what
 * can wait for it (the lazy parts' code) is not fetched beside the first screen's.
 */
export function onceFirstScreenShown(client: QueryClient, then: () => void): void {
  if (!isHeld(client)) {
    then()
    return
  }
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || (event.query as Query).queryKey[0] !== SHOWN_KEY[0]) return
    if (isHeld(client)) return
    unsubscribe()
    then()
  })
}

/** Whether the first screen has its answer on screen (see holdUntilFirstScreen). */
export function useFirstScreenShown(): boolean {
  return (
    useQuery({ queryKey: SHOWN_KEY, queryFn: () => true, enabled: false, staleTime: Infinity }).data !== false
  )
}

/**
 * Whether what waits for the first screen may load now (lib/lazyPart): once it is shown, or `graceMs` after this
 * mounted while it is not (a slow API must not leave the page without its tools). Read from the cache itself, so a
 * session change, which removes every query, is heard.
 */
export function useFirstScreenGate(graceMs: number): boolean {
  const client = useQueryClient()
  const subscribe = useCallback(
    (notify: () => void) =>
      client.getQueryCache().subscribe((event) => {
        if ((event.query as Query).queryKey[0] === SHOWN_KEY[0]) notify()
      }),
    [client],
  )
  const held = () => isHeld(client)
  const shown = !useSyncExternalStore(subscribe, held, held)
  const [late, setLate] = useState(false)
  useEffect(() => {
    if (shown) return
    const timer = setTimeout(() => setLate(true), graceMs)
    return () => clearTimeout(timer)
  }, [shown, graceMs])
  return shown || late
}
