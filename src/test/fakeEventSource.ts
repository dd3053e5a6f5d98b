import { act } from '@testing-library/react'

type Listener = (event: { data: string; lastEventId: string }) => void

/** A stand-in for the browser's EventSource (stubbed as the global by tests): the test sends the server's events. */
export class FakeEventSource {
  static CLOSED = 2
  /** Every stream opened since the test began, in order. */
  static opened: FakeEventSource[] = []
  static get last(): FakeEventSource | null {
    return FakeEventSource.opened.at(-1) ?? null
  }
  readyState = 0
  onopen: (() => void) | null = null
  onerror: (() => void) | null = null
  closed = false
  private listeners = new Map<string, Listener[]>()
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this)
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }
  /** The server sends `data` as the event `type` (with `lastEventId`, as an `id:` line gives it). */
  emit(type: string, data: unknown, lastEventId = '') {
    act(() => {
      for (const listener of this.listeners.get(type) ?? [])
        listener({ data: JSON.stringify(data), lastEventId })
    })
  }
  close() {
    this.closed = true
  }
}
