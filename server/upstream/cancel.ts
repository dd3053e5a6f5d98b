/** What a call listens to for being abandoned: an AbortSignal, or the lighter Cancel below. */
export interface CallSignal {
  readonly aborted: boolean
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void
  removeEventListener(type: 'abort', listener: () => void): void
}

/**
 * An AbortController and its signal in one, without EventTarget: that one cost about 5 µs of CPU to make and
 * listen to, two of them on every relayed read, a tenth of the relay's own cost (measured under load). A listener
 * hears the abort once.
 */
export class Cancel implements CallSignal {
  aborted = false
  private listeners: (() => void)[] = []

  get signal(): CallSignal {
    return this
  }

  addEventListener(_type: 'abort', listener: () => void): void {
    if (!this.aborted) this.listeners.push(listener)
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    const at = this.listeners.indexOf(listener)
    if (at !== -1) this.listeners.splice(at, 1)
  }

  abort(): void {
    if (this.aborted) return
    this.aborted = true
    const listeners = this.listeners
    this.listeners = []
    for (const listener of listeners) listener()
  }
}
