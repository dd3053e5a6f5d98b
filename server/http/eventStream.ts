import { once } from 'node:events'
import type { ServerResponse } from 'node:http'
import { SECURITY_HEADERS } from './json.ts'

const PING_MS = 15_000

/** What one stream may hold unsent before its events are coalesced: a slow reader never grows the server. */
export const MAX_UNSENT_BYTES = 256 * 1024
/** A stream whose reader takes nothing for this long, while events wait, is closed (its tab reconnects). */
export const STALL_MS = 30_000
/** The largest event sent; a larger one ends the stream with an error event that says so. */
export const MAX_EVENT_BYTES = 8 * 1024 * 1024

export interface StreamEvent {
  event: string
  data: unknown
  /** An event the reader must not miss (a watch notice): when it cannot be sent now, the stream ends, and the tab's
   * reconnect asks from this id on (Last-Event-ID). Events without one are state: the newest of each name wins. */
  id?: string
}

const serialize = (event: StreamEvent) =>
  `${event.id === undefined ? '' : `id: ${event.id}\n`}event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`

/**
 * Starts a Server-Sent Events answer: the headers (no caching; nginx told not to buffer), the browser's reconnect
 * delay, and a comment every 15 s so idle proxies keep the connection. `send` writes an event, never after the
 * answer ended; past MAX_UNSENT_BYTES unsent it keeps only the newest event of each name until the reader drains,
 * and a reader that takes nothing for STALL_MS while it is behind is cut off. `closed` settles when the client goes; `stop` ends the
 * pings.
 */
export function startEventStream(res: ServerResponse, options: { stallMs?: number } = {}) {
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    // nginx would otherwise hold events back in its buffer.
    'X-Accel-Buffering': 'no',
  })
  res.write('retry: 5000\n\n')
  /** Events held back while the reader is behind: the newest of each name, in the order they last came. */
  const held = new Map<string, string>()
  let stall: NodeJS.Timeout | null = null
  const ended = () => res.writableEnded || res.destroyed
  const behind = () => res.writableLength > MAX_UNSENT_BYTES

  const cutOff = () => {
    held.clear()
    res.destroy()
  }
  const watchStall = () => {
    if (stall !== null) return
    stall = setTimeout(cutOff, options.stallMs ?? STALL_MS)
    stall.unref()
  }
  const flush = () => {
    if (stall !== null) clearTimeout(stall)
    stall = null
    for (const [name, text] of held) {
      if (ended() || behind()) break
      held.delete(name)
      res.write(text)
    }
    if ((held.size > 0 || behind()) && !ended()) watchStall()
  }
  res.on('drain', flush)

  const ping = setInterval(() => {
    if (!ended() && !behind()) res.write(': ping\n\n')
  }, PING_MS)
  ping.unref()
  const closed = new Promise<void>((resolve) => {
    res.once('close', () => {
      if (stall !== null) clearTimeout(stall)
      held.clear()
      resolve()
    })
    if (res.destroyed) resolve()
  })

  function send(event: StreamEvent) {
    if (ended()) return
    const text = serialize(event)
    if (Buffer.byteLength(text) > MAX_EVENT_BYTES) {
      res.end(serialize({ event: 'error', data: { code: 'event_too_large', event: event.event } }))
      return
    }
    if (!behind() && held.size === 0) {
      res.write(text)
      if (behind()) watchStall()
      return
    }
    // Behind: a notice cannot be dropped, so the stream ends and the tab asks again from its last id.
    if (event.id !== undefined) return cutOff()
    held.delete(event.event)
    held.set(event.event, text)
    watchStall()
  }

  return { closed, send, stop: () => clearInterval(ping), ended }
}

export type EventStream = ReturnType<typeof startEventStream>

/**
 * Writes a long answer's next part (an export) and waits for the socket to take it, so memory stays flat whatever
 * its length; a reader that takes nothing for STALL_MS is cut off (the wait throws), so it holds nothing open.
 */
export async function writeAndDrain(
  res: ServerResponse,
  text: string,
  signal: AbortSignal,
  stallMs = STALL_MS,
): Promise<void> {
  if (res.write(text)) return
  const stalled = AbortSignal.timeout(stallMs)
  try {
    await once(res, 'drain', { signal: AbortSignal.any([signal, stalled]) })
  } catch (error) {
    if (stalled.aborted && !signal.aborted) res.destroy()
    throw error
  }
}
