import { describe, expect, it } from 'vitest'
import { readRouteQuery } from './readQuery.ts'

const params = (search: string) => new URLSearchParams(search)

describe('a route’s query, read by its schema', () => {
  it('reads each parameter into what the route uses, with its default', () => {
    const read = readRouteQuery('audit', params('size=5&kind=reschedule&user=olga&from=2026-01-01T00:00:00Z'))
    expect(read).toEqual({
      ok: true,
      view: null,
      query: { size: 5, kind: 'reschedule', user: 'olga', from: Date.parse('2026-01-01T00:00:00Z') },
    })
    expect(readRouteQuery('audit', params(''))).toMatchObject({ ok: true, query: { size: 50 } })
  })

  it('names what a strict route does not take, and what it takes', () => {
    expect(readRouteQuery('audit', params('limit=-1&before=zzz'))).toMatchObject({
      ok: false,
      code: 'bad_request',
      message:
        'Unknown parameter “limit”, “before”: /api/audit takes user, execution, bulk, kind, outcome, from, to, ' +
        'size (records a page, 1 to 500), after (the end_cursor of the page before) and format.',
    })
  })

  it('says every problem, the view’s first', () => {
    expect(readRouteQuery('idSet', params('window=2h&max=0'))).toMatchObject({
      ok: false,
      code: 'bad_request',
      problems: [
        'window must be one of 15m, 1h, 6h, 24h, 7d or any',
        'max must be a whole number from 1 to 100000',
      ],
      message:
        'window must be one of 15m, 1h, 6h, 24h, 7d or any; max must be a whole number from 1 to 100000.',
    })
    expect(readRouteQuery('live', params('every=abc&initial=2'))).toMatchObject({
      ok: false,
      message: 'every must be a number of seconds from 1 to 3600; initial must be 0 or 1.',
    })
  })

  it('refuses a filter that is too long as such where the route says so, else as a bad request', () => {
    const long = `m.env=${'x'.repeat(3_000)}`
    expect(readRouteQuery('overview', params(long))).toMatchObject({ ok: false, code: 'filter_too_long' })
    expect(readRouteQuery('indexList', params(long))).toMatchObject({ ok: false, code: 'bad_request' })
    expect(readRouteQuery('overview', params(`${long}&window=2h`))).toMatchObject({ code: 'bad_request' })
  })

  it('quotes a value it cannot take where the words need it', () => {
    expect(readRouteQuery('exportExecutions', params('format=xml'))).toMatchObject({
      message: 'Unknown format “xml”: use csv or ndjson.',
    })
    expect(readRouteQuery('indexExecution', params(''))).toMatchObject({
      message: 'id must be given, at most 1024 characters.',
    })
  })

  // Moved from server/routes/overview.test.ts (reading a view from a request).
  it('calls a window it cannot read a bad request, whatever the filters', () => {
    for (const query of [
      'window=abc',
      'window=-5',
      'from=zzz&to=1',
      `window=abc&m.env=${'x'.repeat(3_000)}`,
    ]) {
      const read = readRouteQuery('overview', params(query))
      expect([query, read.ok ? null : read.code]).toEqual([query, 'bad_request'])
    }
  })

  it('keeps filter_too_long for filters past their limits', () => {
    const read = readRouteQuery('overview', params(`window=1h&m.env=${'x'.repeat(3_000)}`))
    expect(read).toMatchObject({
      ok: false,
      code: 'filter_too_long',
      problems: [expect.stringContaining('longer than')],
    })
  })
})
