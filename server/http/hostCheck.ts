import type { IncomingMessage } from 'node:http'
import { requestHost, type ProxyTrust } from './origin.ts'

/**
 * DNS rebinding guard: the host names the server answers to. Default: the host and port it listens on,
 * plus localhost and 127.0.0.1 on that port.
 */
export function allowedHostsFrom(
  value: string | undefined,
  listen: { host: string; port: number },
): Set<string> {
  const configured = (value ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter((host) => host !== '')
  if (configured.length > 0) return new Set(configured)
  const hosts = [listen.host, 'localhost', '127.0.0.1', '[::1]'].map((host) => `${host}:${listen.port}`)
  return new Set(hosts.map((host) => host.toLowerCase()))
}

/** True when the request's Host (or, behind a trusted proxy, X-Forwarded-Host) is one the server answers to. */
export function isAllowedHost(req: IncomingMessage, allowed: Set<string>, trust: ProxyTrust): boolean {
  const host = requestHost(req, trust)?.toLowerCase() ?? ''
  if (host === '') return false
  // A configured entry without a port allows that name on any port.
  return allowed.has(host) || allowed.has(host.replace(/:\d+$/, ''))
}
