import { readFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { Socket } from 'node:net'
import type { ProxyTrust } from './origin.ts'

/** File descriptors the process keeps for everything that is not a browser's connection (store, API, files). */
const RESERVED_FILES = 256
/** From this share of the cap on, idle kept-alive connections are closed to make room. */
const TRIM_FROM = 0.9

/** The soft limit on open files, from /proc (Linux); null where it cannot be read. */
export function openFilesLimit(
  read: () => string = () => readFileSync('/proc/self/limits', 'utf8'),
): number | null {
  try {
    const match = /^Max open files\s+(\d+)/m.exec(read())
    return match ? Number(match[1]) : null
  } catch {
    return null
  }
}

/** The connection cap: the one configured, but never more than the process can open files for. */
export function connectionCap(configured: number, filesLimit: number | null): number {
  if (filesLimit === null) return configured
  return Math.max(16, Math.min(configured, filesLimit - RESERVED_FILES))
}

const REFUSAL_BODY = JSON.stringify({
  error: {
    code: 'too_many_connections',
    message: 'Too many connections from your address; close some tabs or try again shortly.',
    source: 'dashboard',
  },
})
const REFUSAL =
  'HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\nX-Dashboard-Error: 1\r\n' +
  `Retry-After: 5\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(REFUSAL_BODY)}\r\n\r\n${REFUSAL_BODY}`

/**
 * One client must not take the server from the rest: at most `perAddress` open connections per client address
 * (a trusted reverse proxy, which carries everyone's, is not counted against it), answered with a 503 that says
 * so; and near the global cap, idle kept-alive connections are closed so new ones fit.
 */
export function limitConnections(
  server: Server,
  options: { cap: number; perAddress: number; trust: ProxyTrust },
) {
  const open = new Map<string, number>()
  let total = 0
  server.maxConnections = options.cap
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown'
    total += 1
    const mine = (open.get(address) ?? 0) + 1
    open.set(address, mine)
    socket.once('close', () => {
      total -= 1
      const left = (open.get(address) ?? 1) - 1
      if (left > 0) open.set(address, left)
      else open.delete(address)
    })
    if (mine > options.perAddress && !options.trust.isTrusted(address)) {
      socket.end(REFUSAL)
      socket.destroySoon()
      return
    }
    if (total >= options.cap * TRIM_FROM) server.closeIdleConnections()
  })
  return { open: () => total, byAddress: (address: string) => open.get(address) ?? 0 }
}
