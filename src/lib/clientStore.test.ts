import { describe, expect, it, vi } from 'vitest'
import { choiceSlice, createClientStore, hasStoredSlice, sessionSlice, storedSlice } from './clientStore'

/** A Storage that keeps items in a map, and can be made to refuse writes. */
function memoryStorage(items: Record<string, string> = {}) {
  const map = new Map(Object.entries(items))
  let refuse = false
  const storage = {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (refuse) throw new Error('QuotaExceededError')
      map.set(key, value)
    },
    removeItem: (key: string) => map.delete(key),
    clear: () => map.clear(),
    key: () => null,
    get length() {
      return map.size
    },
  } as Storage
  return { storage, map, refuseWrites: () => (refuse = true) }
}

const selection = sessionSlice('selection', () => new Set<string>())
const mode = choiceSlice('time-mode', ['relative', 'utc'] as const, 'relative')
const count = storedSlice('count', (text) => (text !== null && /^\d+$/.test(text) ? Number(text) : 0), String)

describe('the client store', () => {
  it('reads stored slices from storage, falling back for anything unexpected there', () => {
    const { storage } = memoryStorage({
      'execution-dashboard:time-mode': 'utc',
      'execution-dashboard:count': 'x',
    })
    const store = createClientStore(storage)
    expect(store.get(mode)).toBe('utc')
    expect(store.get(count)).toBe(0)
    expect(hasStoredSlice('time-mode', storage)).toBe(true)
    expect(hasStoredSlice('views', storage)).toBe(false)
  })

  it('writes stored slices through, and keeps them for the visit when storage refuses', () => {
    const { storage, map, refuseWrites } = memoryStorage()
    const store = createClientStore(storage)
    expect(store.set(count, 3)).toBe(true)
    expect(map.get('execution-dashboard:count')).toBe('3')
    refuseWrites()
    expect(store.set(count, (current) => current + 1)).toBe(false)
    expect(store.get(count)).toBe(4)
  })

  it('tells its listeners of every change, and resets only the session at sign-in and sign-out', () => {
    const store = createClientStore(memoryStorage().storage)
    const listener = vi.fn()
    const unsubscribe = store.subscribe(listener)
    store.set(selection, new Set(['e1']))
    store.set(mode, 'utc')
    expect(listener).toHaveBeenCalledTimes(2)
    store.resetSession()
    expect(store.get(selection).size).toBe(0)
    expect(store.get(mode)).toBe('utc')
    unsubscribe()
    store.set(mode, 'relative')
    expect(listener).toHaveBeenCalledTimes(3)
    store.dispose()
  })

  it('works without storage at all', () => {
    const store = createClientStore(null)
    expect(store.get(mode)).toBe('relative')
    expect(store.set(mode, 'utc')).toBe(false)
    expect(store.get(mode)).toBe('utc')
    expect(hasStoredSlice('time-mode', null)).toBe(false)
  })
})

describe('its clock', () => {
  it('ticks only while something listens', () => {
    vi.useFakeTimers()
    try {
      vi.setSystemTime(1_000)
      const { clock } = createClientStore(null)
      const tick = vi.fn()
      const stop = clock.subscribe(tick)
      vi.advanceTimersByTime(5_000)
      expect(tick).toHaveBeenCalledTimes(1)
      expect(clock.now()).toBe(6_000)
      stop()
      vi.advanceTimersByTime(10_000)
      expect(tick).toHaveBeenCalledTimes(1)
    } finally {
      vi.useRealTimers()
    }
  })
})
