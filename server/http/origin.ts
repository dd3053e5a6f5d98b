import type { IncomingMessage } from 'node:http'
import net from 'node:net'

/**
 * Which peers may speak for the browser through X-Forwarded-* headers: with DASHBOARD_TRUST_PROXY=1, the
 * addresses in DASHBOARD_TRUSTED_PROXIES, or a reverse proxy on this machine (loopback) when it names none. A
 * header from any other peer (a browser reaching the port directly) is ignored, whatever it says.
 */
export interface ProxyTrust {
  isTrusted(address: string | undefined): boolean
}

export const TRUST_NO_PROXY: ProxyTrust = { isTrusted: () => false }

const LOOPBACK = ['127.0.0.0/8', '::1/128']

function parseEntry(entry: string): [string, number, 'ipv4' | 'ipv6'] {
  const [address = '', bits] = entry.split('/')
  const family = net.isIPv4(address) ? 'ipv4' : net.isIPv6(address) ? 'ipv6' : null
  const prefix = bits === undefined ? (family === 'ipv4' ? 32 : 128) : Number(bits)
  if (family === null || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 'ipv4' ? 32 : 128)) {
    throw new Error(
      `DASHBOARD_TRUSTED_PROXIES: “${entry}” is not an IP address, a CIDR range or the word loopback`,
    )
  }
  return [address, prefix, family]
}

/**
 * DASHBOARD_TRUST_PROXY and DASHBOARD_TRUSTED_PROXIES (comma-separated addresses, CIDR ranges or `loopback`).
 * A list replaces the loopback default rather than adding to it, as express's `trust proxy` does: with the
 * proxy on another host, a process on this one must not be able to speak for every user.
 */
export function proxyTrustFrom(enabled: boolean, list: string | undefined): ProxyTrust {
  if (!enabled) return TRUST_NO_PROXY
  const listed = (list ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
  const entries = (listed.length > 0 ? listed : ['loopback']).flatMap((entry) =>
    entry.toLowerCase() === 'loopback' ? LOOPBACK : [entry],
  )
  const blocks = new net.BlockList()
  for (const entry of entries) {
    const [address, prefix, family] = parseEntry(entry)
    blocks.addSubnet(address, prefix, family)
  }
  return {
    isTrusted(address) {
      if (!address) return false
      const plain = address.startsWith('::ffff:') && net.isIPv4(address.slice(7)) ? address.slice(7) : address
      return blocks.check(plain, net.isIPv4(plain) ? 'ipv4' : 'ipv6')
    },
  }
}

const fromTrustedProxy = (req: IncomingMessage, trust: ProxyTrust) =>
  trust.isTrusted(req.socket.remoteAddress)

function forwardedValue(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name]
  return typeof value === 'string' && value.trim() !== '' ? value : null
}

/** The host the browser addressed: X-Forwarded-Host from a trusted proxy, else Host. */
export function requestHost(req: IncomingMessage, trust: ProxyTrust): string | undefined {
  const forwarded = fromTrustedProxy(req, trust) ? forwardedValue(req, 'x-forwarded-host') : null
  return forwarded ? forwarded.split(',')[0]?.trim() : req.headers.host
}

/** Whether the browser's connection is https: its own socket, or X-Forwarded-Proto from a trusted proxy. */
export function isHttps(req: IncomingMessage, trust: ProxyTrust): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted === true) return true
  const forwarded = fromTrustedProxy(req, trust) ? forwardedValue(req, 'x-forwarded-proto') : null
  return forwarded?.split(',')[0]?.trim() === 'https'
}

/**
 * The client's address. Proxies append to X-Forwarded-For, so its leftmost entries are whatever the client
 * sent: walk it from the right past the trusted proxies and take the first address they did not add.
 */
export function clientAddress(req: IncomingMessage, trust: ProxyTrust): string {
  const peer = req.socket.remoteAddress ?? 'unknown'
  if (!trust.isTrusted(peer)) return peer
  const hops = (forwardedValue(req, 'x-forwarded-for') ?? '').split(',').map((hop) => hop.trim())
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    const hop = hops[index] ?? ''
    if (hop !== '' && !trust.isTrusted(hop)) return hop
  }
  return hops.find((hop) => hop !== '') ?? peer
}

export interface OriginSettings {
  trust: ProxyTrust
  /** When set, the only origin browsers may send requests from. */
  publicOrigin: string | null
}

/** Refuses requests another site made a browser send; same-origin fetches carry no such marks. */
export function isCrossSite(req: IncomingMessage, settings: OriginSettings): boolean {
  const fetchSite = req.headers['sec-fetch-site']
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true
  const origin = req.headers.origin
  if (origin === undefined || origin === 'null') return origin === 'null'
  try {
    const parsed = new URL(origin)
    if (settings.publicOrigin) return parsed.origin !== new URL(settings.publicOrigin).origin
    return parsed.host !== requestHost(req, settings.trust)
  } catch {
    return true
  }
}
