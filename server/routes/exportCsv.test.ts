import { describe, expect, it } from 'vitest'
import { csvCell, csvExecutionLine, csvLine } from './exportCsv.ts'
import { ANY_TIME } from '../../shared/timeWindow.ts'
import { exportFileName, parseExportRequest } from './exportRequest.ts'

describe('CSV encoding', () => {
  it('quotes per RFC 4180 only when needed', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"')
    expect(csvLine(['a', 'b'])).toBe('a,b\r\n')
  })

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])('prefixes a formula start: %j', (value) => {
    expect(
      csvCell(value)
        .replace(/^"/, '')
        .startsWith(`'${value[0] ?? ''}`),
    ).toBe(true)
  })

  it('keeps unicode and writes metadata as one JSON column', () => {
    expect(
      csvExecutionLine({
        id: 'exé-日本',
        state: 'failed',
        created_at: '2026-11-22T09:30:00Z',
        updated_at: '2026-11-22T09:31:00Z',
        metadata: { env: 'prod', note: '=cmd' },
      }),
    ).toBe(
      'exé-日本,failed,2026-11-22T09:30:00Z,2026-11-22T09:31:00Z,"{""env"":""prod"",""note"":""=cmd""}"\r\n',
    )
    expect(csvExecutionLine({ id: 'x', state: 7 })).toBe('x,7,,,\r\n')
  })
})

describe('export request', () => {
  it('reads the page filters and refuses what it cannot send', () => {
    expect(parseExportRequest('format=ndjson&state=failed&m.env=prod&m.env=dev')).toEqual({
      format: 'ndjson',
      states: ['failed'],
      metadata: [{ key: 'env', values: ['prod', 'dev'] }],
      window: { kind: 'any', field: 'created' },
      links: false,
    })
    expect(parseExportRequest('')).toMatchObject({ format: 'csv', states: [], metadata: [] })
    expect(parseExportRequest('links=1')).toMatchObject({ links: true })
    expect(parseExportRequest('format=xlsx')).toBe('Unknown format “xlsx”: use csv or ndjson.')
    expect(parseExportRequest('m.=x')).toBe('A metadata filter needs a key and a value.')
    expect(parseExportRequest(`m.blob=${'x'.repeat(2049)}`)).toBe(
      'The metadata filter on “blob” is longer than 2048 characters.',
    )
    expect(parseExportRequest(Array.from({ length: 21 }, (_, i) => `state=s${i}`).join('&'))).toBe(
      'At most 20 states.',
    )
    expect(parseExportRequest('window=2h')).toMatch(/^Window must be one of/)
  })

  it('pins a relative window when the export starts, and keeps an absolute one', () => {
    const now = Date.parse('2026-11-22T09:30:00Z')
    expect(parseExportRequest('window=1h&on=updated', now)).toMatchObject({
      window: { kind: 'absolute', from: now - 3_600_000, to: now, field: 'updated' },
    })
    expect(parseExportRequest('from=2026-11-22T08:00:00Z', now)).toMatchObject({
      window: { kind: 'absolute', from: Date.parse('2026-11-22T08:00:00Z'), to: null, field: 'created' },
    })
  })

  it('names the file after what and when', () => {
    const request = {
      format: 'csv' as const,
      states: ['failed'],
      metadata: [{ key: 'env', values: ['production'] }],
      window: ANY_TIME,
      links: false,
    }
    expect(exportFileName(request, new Date('2026-11-22T09:30:12Z'))).toBe(
      'executions-failed-env=production-2026-11-22T0930Z.csv',
    )
    expect(
      exportFileName({ ...request, states: [], metadata: [{ key: 'a"b/c', values: ['x'] }] }, new Date(0)),
    ).toBe('executions-a_b_c=x-1970-01-01T0000Z.csv')
    expect(exportFileName({ ...request, format: 'ndjson', states: [], metadata: [] }, new Date(0))).toMatch(
      /^executions-all-/,
    )
    const window = {
      kind: 'absolute' as const,
      from: Date.parse('2026-11-22T08:30:00Z'),
      to: Date.parse('2026-11-22T09:30:00Z'),
      field: 'created' as const,
    }
    expect(exportFileName({ ...request, window }, new Date('2026-11-22T09:31:00Z'))).toBe(
      'executions-failed-env=production-created-2026-11-22T0830Z-to-2026-11-22T0930Z-2026-11-22T0931Z.csv',
    )
  })
})
