import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { clientAddress, isHttps, proxyTrustFrom, requestHost, TRUST_NO_PROXY } from './origin.ts'

function request(peer: string, headers: Record<string, string>): IncomingMessage {
  return { socket: { remoteAddress: peer }, headers } as unknown as IncomingMessage
}

describe('proxy headers, only from the proxy', () => {
  const trust = proxyTrustFrom(true, 'loopback, 10.0.0.0/24, 2001:db8::1')

  it('takes the rightmost address the trusted proxies did not add, never the client-chosen leftmost', () => {
    const spoofed = request('127.0.0.1', { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' })
    expect(clientAddress(spoofed, trust)).toBe('203.0.113.9')
    const twoProxies = request('10.0.0.7', { 'x-forwarded-for': '6.6.6.6, 198.51.100.4, 10.0.0.3' })
    expect(clientAddress(twoProxies, trust)).toBe('198.51.100.4')
    expect(clientAddress(request('::ffff:127.0.0.1', { 'x-forwarded-for': '198.51.100.4' }), trust)).toBe(
      '198.51.100.4',
    )
  })

  it('believes no forwarded header from a peer that is not a trusted proxy', () => {
    const direct = request('198.51.100.20', {
      'x-forwarded-for': '1.2.3.4',
      'x-forwarded-host': 'ops.example.com',
      'x-forwarded-proto': 'https',
      host: 'attacker.example:8080',
    })
    expect(clientAddress(direct, trust)).toBe('198.51.100.20')
    expect(requestHost(direct, trust)).toBe('attacker.example:8080')
    expect(isHttps(direct, trust)).toBe(false)
  })

  it('believes them from loopback and the listed proxies when trust is on, and never when it is off', () => {
    const viaProxy = request('2001:db8::1', {
      'x-forwarded-host': 'ops.example.com',
      'x-forwarded-proto': 'https',
    })
    expect(requestHost(viaProxy, trust)).toBe('ops.example.com')
    expect(isHttps(viaProxy, trust)).toBe(true)
    expect(requestHost(viaProxy, TRUST_NO_PROXY)).toBeUndefined()
    expect(clientAddress(request('127.0.0.1', { 'x-forwarded-for': '1.2.3.4' }), TRUST_NO_PROXY)).toBe(
      '127.0.0.1',
    )
  })

  it('trusts loopback only by default: a list of proxies replaces it', () => {
    const local = request('127.0.0.1', { 'x-forwarded-for': '1.2.3.4' })
    expect(clientAddress(local, proxyTrustFrom(true, undefined))).toBe('1.2.3.4')
    expect(clientAddress(local, proxyTrustFrom(true, '10.0.0.5'))).toBe('127.0.0.1')
    expect(
      clientAddress(request('10.0.0.5', { 'x-forwarded-for': '1.2.3.4' }), proxyTrustFrom(true, '10.0.0.5')),
    ).toBe('1.2.3.4')
  })

  it('refuses an address list it cannot read, naming the variable', () => {
    expect(() => proxyTrustFrom(true, '10.0.0.0/33')).toThrow(/DASHBOARD_TRUSTED_PROXIES/)
    expect(() => proxyTrustFrom(true, 'proxy.internal')).toThrow(/not an IP address/)
  })
})
