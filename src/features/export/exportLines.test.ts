import { describe, expect, it } from 'vitest'
import { createLineCounter, exportEnding, exportPath, fileNameFrom, rowsIn } from './exportLines'

function count(format: 'csv' | 'ndjson', chunks: string[]) {
  const counter = createLineCounter(format)
  for (const chunk of chunks) counter.push(chunk)
  return { lines: counter.lines, last: counter.lastLine() }
}

describe('export lines', () => {
  it('counts CSV lines with line breaks and quotes inside cells, across chunk edges', () => {
    const csv = '\uFEFFid,state\r\n"a\r\nb",failed\r\n"say ""hi""\n",created\r\nc,started\r\n'
    for (const size of [1, 2, 3, 7, csv.length]) {
      const chunks = csv.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? []
      expect(count('csv', chunks)).toEqual({ lines: 4, last: 'c,started' })
    }
  })

  it('counts NDJSON lines, whose strings escape their line breaks', () => {
    expect(count('ndjson', ['{"id":"a\\nb"}\n{"id"', ':"c"}\n'])).toEqual({ lines: 2, last: '{"id":"c"}' })
  })

  it('reads the markers the server ends a cut or failed file with', () => {
    expect(exportEnding('csv', '# export cut at 100000 rows')).toEqual({ kind: 'cut', atRows: 100000 })
    expect(exportEnding('csv', '"# export failed after 12 rows: HTTP 503, ""busy"""')).toEqual({
      kind: 'failed',
      reason: 'HTTP 503, "busy"',
    })
    expect(exportEnding('csv', 'exec-1,failed,2026-11-22T09:30:00Z')).toEqual({ kind: 'complete' })
    expect(exportEnding('ndjson', '{"export_truncated":true,"rows":5}')).toEqual({ kind: 'cut', atRows: 5 })
    expect(exportEnding('ndjson', '{"export_failed":true,"rows":5,"reason":"timeout"}')).toEqual({
      kind: 'failed',
      reason: 'timeout',
    })
    expect(
      exportEnding('csv', '# export may be incomplete after 40 rows: the index is still counting'),
    ).toEqual({
      kind: 'incomplete',
      reason: 'the index is still counting',
    })
    expect(exportEnding('ndjson', '{"export_incomplete":true,"rows":40,"reason":"counting"}')).toEqual({
      kind: 'incomplete',
      reason: 'counting',
    })
    expect(exportEnding('ndjson', '{"id":"export_failed"}')).toEqual({ kind: 'complete' })
    expect(exportEnding('ndjson', 'not json')).toEqual({ kind: 'complete' })
  })

  it('counts rows without the header and the marker', () => {
    expect(rowsIn('csv', 11, { kind: 'complete' })).toBe(10)
    expect(rowsIn('csv', 12, { kind: 'failed', reason: 'x' })).toBe(10)
    expect(rowsIn('ndjson', 10, { kind: 'cut', atRows: 9 })).toBe(9)
    expect(rowsIn('csv', 0, { kind: 'complete' })).toBe(0)
    expect(rowsIn('ndjson', 41, { kind: 'incomplete', reason: 'x' })).toBe(40)
  })

  it('takes the file name from Content-Disposition, or a plain one', () => {
    expect(fileNameFrom('attachment; filename="executions-failed-2026-11-22T0930Z.csv"', 'csv')).toBe(
      'executions-failed-2026-11-22T0930Z.csv',
    )
    expect(fileNameFrom(null, 'ndjson')).toBe('executions.ndjson')
  })

  it('sends the list filters and time window, and nothing about the position or the session', () => {
    expect(exportPath('?state=failed&m.env=prod&m.env=dev&after=c&execution=e&size=50', 'csv')).toBe(
      '/export/executions?state=failed&m.env=prod&m.env=dev&format=csv',
    )
    expect(exportPath('?window=1h&on=updated&state=failed', 'ndjson')).toBe(
      '/export/executions?state=failed&window=1h&on=updated&format=ndjson',
    )
  })
})
