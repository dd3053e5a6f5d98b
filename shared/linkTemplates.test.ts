import { describe, expect, it } from 'vitest'
import { buildLink, isAttemptLink, parseLinkTemplates, type LinkSubject } from './linkTemplates'

const subject: LinkSubject = {
  id: 'exec 1/2',
  created_at: '2026-11-20T10:00:00+02:00',
  updated_at: '2026-11-20T08:30:00Z',
  metadata: { env: 'prod & co' },
}
const MINUTE = 60_000

describe('DASHBOARD_LINKS', () => {
  it('reads a list of label and url, and refuses what is not http(s) or names an unknown value', () => {
    expect(parseLinkTemplates(undefined)).toEqual([])
    expect(parseLinkTemplates('[{"label":"Logs","url":"https://logs.example.com/?q={id}"}]')).toEqual([
      { label: 'Logs', url: 'https://logs.example.com/?q={id}' },
    ])
    for (const [text, why] of [
      ['{"label":"x"}', /must be a JSON list/],
      ['not json', /is not JSON/],
      ['[{"label":"Run","url":"javascript:alert(1)"}]', /“Run”: its url must start with http/],
      ['[{"label":"Run","url":"{metadata.scheme}://x"}]', /must start with http/],
      [
        '[{"label":"Run","url":"https://{id}.example.com"}]',
        /must start with http:\/\/ or https:\/\/ and a host/,
      ],
      ['[{"label":"Run","url":"https://x/{secret}"}]', /unknown values: \{secret\}/],
      ['[{"url":"https://x"}]', /link 1 needs a "label"/],
    ] as const) {
      expect(() => parseLinkTemplates(text)).toThrow(/^DASHBOARD_LINKS: /)
      expect(() => parseLinkTemplates(text)).toThrow(why)
    }
  })
})

describe('a built link', () => {
  it('URL-encodes each value, and gives times in UTC, in ISO 8601 and epoch milliseconds', () => {
    const template = {
      label: 'Logs',
      url: 'https://logs.example.com/search?q={id}&env={metadata.env}&from={from}&to={to_ms}&at={created_at}',
    }
    expect(buildLink(template, subject, 5 * MINUTE)).toEqual({
      label: 'Logs',
      href:
        'https://logs.example.com/search?q=exec%201%2F2&env=prod%20%26%20co' +
        `&from=2026-11-20T07%3A55%3A00.000Z&to=${Date.parse('2026-11-20T08:35:00Z')}&at=2026-11-20T08%3A00%3A00.000Z`,
    })
  })

  it('covers the attempt in {from}/{to} for a link of an attempt', () => {
    const template = { label: 'Trace', url: 'https://t.example.com/{attempt.id}?from={from_ms}&to={to_ms}' }
    expect(isAttemptLink(template)).toBe(true)
    const attempt = { id: 'a-1', created_at: '2026-11-20T08:10:00Z', updated_at: '2026-11-20T08:20:00Z' }
    expect(buildLink(template, { ...subject, attempt }, 0).href).toBe(
      `https://t.example.com/a-1?from=${Date.parse(attempt.created_at)}&to=${Date.parse(attempt.updated_at)}`,
    )
  })

  it('is not built when a value is missing, and says which', () => {
    const template = { label: 'Logs', url: 'https://l.example.com/?r={metadata.region}' }
    expect(buildLink(template, subject, 0)).toEqual({ label: 'Logs', href: null, missing: 'metadata.region' })
    // A time without a zone is no instant: a link in UTC built from it could be hours off.
    const times = { label: 'Logs', url: 'https://l.example.com/?at={created_at_ms}' }
    expect(buildLink(times, { ...subject, created_at: '2026-11-20T10:00:00' }, 0)).toMatchObject({
      href: null,
      missing: 'created_at_ms',
    })
    // Epoch seconds, as some APIs send them, are read as the list reads them.
    expect(buildLink(times, { ...subject, created_at: 1_763_632_800 }, 0).href).toBe(
      'https://l.example.com/?at=1763632800000',
    )
  })

  it('never changes the scheme or the host, whatever ids and metadata hold', () => {
    const template = { label: 'Logs', url: 'https://logs.example.com/{id}?env={metadata.env}#{metadata.env}' }
    const hostile = [
      'javascript:alert(1)',
      '"><script>alert(1)</script>',
      "' onmouseover='x",
      '//evil.example.com',
      '../../../etc/passwd',
      'a\u202Eb',
      '%2F%2Fevil',
      'https://evil.example.com/',
    ]
    for (const value of hostile) {
      const built = buildLink(template, { ...subject, id: value, metadata: { env: value } }, 0)
      if (built.href === null) throw new Error(`no link for ${value}`)
      const url = new URL(built.href)
      expect([url.protocol, url.host]).toEqual(['https:', 'logs.example.com'])
      expect(built.href).not.toMatch(/[<>"' ]/)
    }
  })
})
