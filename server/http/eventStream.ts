import type { ServerResponse } from 'node:http'
import { SECURITY_HEADERS } from './json.ts'

const PING_MS = 15_000

/**
 * Starts a Server-Sent Events answer: the headers (no caching; nginx told not to buffer), the browser's reconnect
 * delay, and a comment every 15 s so idle proxies keep the connection. `closed` settles when the client goes;
 * `stop` ends the pings.
 */
export function startEventStream(res: ServerResponse) {
  res.writeHead(200, {
    ...SECURITY_HEADERS,
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    // nginx would otherwise hold events back in its buffer.
    'X-Accel-Buffering': 'no',
  })
  res.write('retry: 5000\n\n')
  const ping = setInterval(() => res.write(': ping\n\n'), PING_MS)
  ping.unref()
  const closed = new Promise<void>((resolve) => {
    res.once('close', resolve)
    if (res.destroyed) resolve()
  })
  return { closed, stop: () => clearInterval(ping) }
}
