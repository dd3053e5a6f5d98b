import { createContext } from 'react'
import { isModalOpen, isTyping } from './keyTargets'

/**
 * A page key pressed before the code that handles it had loaded, with what was typed after it (Ctrl+K, `/`): `text`
 * grows until the field it opens has focus, so a handler reads it when its field is there, not when it is called.
 */
export interface EarlyKey {
  name: string
  text: string
  /** Enter followed the text. */
  enter: boolean
  at: number
}

/** The page's keys: the palette (Mod+k), the list's (/, ?, n, p) and the tools' commands (e, m, l, g, t). */
const PAGE_KEYS = ['Mod+k', '/', '?', 'n', 'p', 'e', 'm', 'l', 'g', 't']
/** Keys that open a field: what is typed next is that field's text. */
const OPENS_FIELD = ['Mod+k', '/']
/** A key still waiting after this long is dropped: the moment it was meant for has passed. */
const STALE_MS = 15_000

/** A key press as the page names it: Mod+k for Ctrl+K or ⌘K, a plain key by itself, null for any other chord. */
export function keyName(event: KeyboardEvent): string | null {
  if (event.altKey) return null
  if (event.ctrlKey || event.metaKey)
    return !event.shiftKey && event.key.toLowerCase() === 'k' ? 'Mod+k' : null
  return event.key
}

const isText = (event: KeyboardEvent) =>
  event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey

/**
 * Listens from the first paint for the page's keys whose handlers load later (lazy chunks), keeps them in order,
 * and hands each to its handler when that arrives, so a key pressed while the toolbar was loading still does its
 * job. A handler that is there hears its keys itself: these are only the keys pressed before.
 */
export function createEarlyKeys() {
  const pending: EarlyKey[] = []
  const handlers = new Map<string, (key: EarlyKey) => void>()
  // A key handed over that opens a field takes what is typed until the field has focus (its code may still be
  // loading, or its dialog opening): the handler reads `text` when it is there.
  let capturing: EarlyKey | null = null
  const stale = (key: EarlyKey) => Date.now() - key.at > STALE_MS
  const flush = () => {
    for (let first = pending[0]; first; first = pending[0]) {
      const handle = handlers.get(first.name)
      if (!stale(first) && !handle) return
      pending.shift()
      if (stale(first) || !handle) continue
      if (OPENS_FIELD.includes(first.name)) capturing = first
      handle(first)
    }
  }
  const onKey = (event: KeyboardEvent) => {
    if (event.defaultPrevented) return
    if (isTyping(event.target) || isModalOpen()) {
      capturing = null
      return
    }
    const last = pending.at(-1)
    const taker =
      capturing && !stale(capturing) ? capturing : last && OPENS_FIELD.includes(last.name) ? last : null
    if (taker && !taker.enter && (isText(event) || event.key === 'Enter')) {
      event.preventDefault()
      if (event.key === 'Enter') taker.enter = true
      else taker.text += event.key
      return
    }
    capturing = null
    const name = keyName(event)
    if (name === null || !PAGE_KEYS.includes(name) || handlers.has(name)) return
    event.preventDefault()
    pending.push({ name, text: '', enter: false, at: Date.now() })
  }
  return {
    listen: (target: Document) => target.addEventListener('keydown', onKey),
    /**
     * `handle` takes `name` from now on (its own listener hears the next presses) and runs at once for each press
     * that came before, in the order pressed. Returns the release.
     */
    handle(name: string, handle: (key: EarlyKey) => void): () => void {
      handlers.set(name, handle)
      flush()
      return () => {
        if (handlers.get(name) === handle) handlers.delete(name)
      }
    },
  }
}

export type EarlyKeys = ReturnType<typeof createEarlyKeys>
export const EarlyKeysContext = createContext<EarlyKeys | null>(null)
