import { describe, expect, it } from 'vitest'
import { codeFromBody, messageFromBody, messageFromText, textExcerpt } from './errorBody'
import { parseRetryAfter } from './retryAfter'

describe('messageFromBody', () => {
  it.each([
    [{ message: 'top-level message' }, 'top-level message'],
    [{ error: 'string error' }, 'string error'],
    [{ error: { message: 'nested message', code: 'x' } }, 'nested message'],
    [{ detail: 'detail text' }, 'detail text'],
    [{ title: 'Problem title' }, 'Problem title'],
    [{ title: 'Title', detail: 'Detail wins' }, 'Detail wins'],
    [{ unrelated: true }, null],
    [null, null],
  ])('reads %j', (body, expected) => {
    expect(messageFromBody(body)).toBe(expected)
  })

  it('falls back to a text excerpt for plain bodies', () => {
    expect(messageFromBody('  upstream   exploded ')).toBe('upstream exploded')
  })
})

describe('codeFromBody', () => {
  it('reads code at the top level or inside error', () => {
    expect(codeFromBody({ code: 'conflict' })).toBe('conflict')
    expect(codeFromBody({ error: { code: 'not_found' } })).toBe('not_found')
    expect(codeFromBody('text')).toBeNull()
  })
})

describe('textExcerpt', () => {
  it('uses the title of an HTML page', () => {
    const html = '<html><head><title>502 Bad Gateway</title></head><body><h1>502</h1></body></html>'
    expect(textExcerpt(html)).toBe('502 Bad Gateway')
  })

  it('strips tags, scripts and styles when there is no title', () => {
    expect(textExcerpt('<body><style>p{}</style><p>Service <b>down</b></p><script>x()</script></body>')).toBe(
      'Service down',
    )
  })

  it('shortens long text', () => {
    const excerpt = textExcerpt('x'.repeat(500))
    expect(excerpt).toHaveLength(200)
    expect(excerpt?.endsWith('…')).toBe(true)
  })

  it('returns null for blank text', () => {
    expect(textExcerpt('   ')).toBeNull()
  })
})

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('7')).toBe(7)
    const now = Date.parse('2026-11-22T10:00:00Z')
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:30 GMT', now)).toBe(30)
    expect(parseRetryAfter(null)).toBeNull()
    expect(parseRetryAfter('soon')).toBeNull()
    expect(parseRetryAfter('-3')).toBeNull()
    expect(parseRetryAfter('1e9')).toBeNull()
  })
})

describe('messageFromText', () => {
  it('reads JSON of any common shape, else excerpts the text', () => {
    expect(messageFromText('{"errors":[{"message":"first"}]}')).toBe('first')
    expect(messageFromText('{"error_description":"bad token"}')).toBe('bad token')
    expect(messageFromText('<title>Gateway</title>')).toBe('Gateway')
    expect(messageFromText('{"unrelated":1}')).toBeNull()
    expect(messageFromText('  ')).toBeNull()
  })

  it('shortens a long message to an excerpt', () => {
    expect(messageFromText(JSON.stringify({ message: 'y'.repeat(900) }))).toHaveLength(200)
  })
})
