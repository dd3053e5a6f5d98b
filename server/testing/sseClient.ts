import http from 'node:http'

export interface SseEvent {
  event: string
  data: string
  id?: string
}

export interface SseStream {
  events: SseEvent[]
  status: number
  /** Waits until an event satisfying `match` has arrived, and returns it. */
  next(match: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>
  close(): void
  closed: Promise<void>
}

/** A Server-Sent Events client over node:http, for tests against the real server. */
export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { Accept: 'text/event-stream', ...headers } }, (res) => {
      const events: SseEvent[] = []
      const waiters = new Set<() => void>()
      let buffer = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        buffer += chunk
        let end = buffer.indexOf('\n\n')
        while (end !== -1) {
          const frame = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const event = /^event: (.*)$/m.exec(frame)?.[1]
          const data = /^data: (.*)$/m.exec(frame)?.[1]
          const id = /^id: (.*)$/m.exec(frame)?.[1]
          if (event !== undefined && data !== undefined) events.push({ event, data, ...(id ? { id } : {}) })
          end = buffer.indexOf('\n\n')
        }
        for (const waiter of waiters) waiter()
      })
      res.on('error', () => {})
      const closed = new Promise<void>((done) => res.once('close', () => done()))
      resolve({
        events,
        status: res.statusCode ?? 0,
        closed,
        close: () => request.destroy(),
        next(match, timeoutMs = 10_000) {
          return new Promise((found, fail) => {
            const check = () => {
              const hit = events.find(match)
              if (!hit) return
              waiters.delete(check)
              clearTimeout(timer)
              found(hit)
            }
            const timer = setTimeout(() => {
              waiters.delete(check)
              fail(new Error(`no matching event; got ${events.map((e) => e.event).join(', ')}`))
            }, timeoutMs)
            waiters.add(check)
            check()
          })
        },
      })
    })
    request.on('error', reject)
  })
}
