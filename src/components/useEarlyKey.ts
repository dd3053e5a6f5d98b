import { useContext, useEffect, useRef } from 'react'
import { EarlyKeysContext, type EarlyKey } from '../lib/earlyKeys'

// Apart from lib/earlyKeys: only lazily loaded parts take their keys, so this stays out of the first load.

/**
 * Takes the page key `name` once `ready` (the code that handles it is there): presses that came before run `handle`
 * now, in order, after this render's effects (so the commands other parts offer in it are there too).
 */
export function useEarlyKey(name: string, handle: (key: EarlyKey) => void, ready = true): void {
  const keys = useContext(EarlyKeysContext)
  const latest = useRef(handle)
  useEffect(() => {
    latest.current = handle
  })
  useEffect(() => {
    if (!keys || !ready) return
    return keys.handle(name, (key) => void setTimeout(() => latest.current(key), 0))
  }, [keys, name, ready])
}
