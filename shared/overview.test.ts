import { describe, expect, it } from 'vitest'
import { readCoverage } from './coverage'
import { coverageDoubtText as coverageDoubt, readOverviewAnswer } from './overview'

describe('coverageDoubtText', () => {
  it('says why a file of the window may not hold it all, and nothing when the index is exact', () => {
    expect(coverageDoubt({ kind: 'exact', asOf: 0, executions: 5, calls: 1 })).toBeNull()
    expect(coverageDoubt({ kind: 'at_least', asOf: 0, executions: 5, calls: 1, reason: 'row cap' })).toMatch(
      /at least 5 executions.*row cap/,
    )
    expect(coverageDoubt({ kind: 'counting', executions: 7, estimate: null, calls: 1 })).toMatch(
      /still counting/,
    )
    expect(coverageDoubt({ kind: 'failed', at: 0, executions: 0, calls: 1, reason: 'HTTP 503' })).toMatch(
      /could not list these filters: HTTP 503/,
    )
  })
})

describe('readCoverage', () => {
  it('takes a coverage of a known kind with a count, and nothing else', () => {
    expect(readCoverage({ kind: 'counting', executions: 3, estimate: null, calls: 1 })).toMatchObject({
      kind: 'counting',
    })
    for (const odd of [
      null,
      'exact',
      {},
      { kind: 'exact' },
      { kind: 'nearly', executions: 1 },
      { kind: 'exact', executions: -1 },
      { kind: 'exact', executions: 2.5 },
      Object.assign([], { kind: 'exact', executions: 1 }),
    ])
      expect(readCoverage(odd)).toBeNull()
  })

  it('is the overview’s rule too: an answer whose coverage is not one cannot be drawn', () => {
    const answer = {
      counts: { created: 0, started: 0, succeed: 1, failed: 0 },
      total: 1,
      coverage: { kind: 'exact', asOf: 0, executions: 1.5, calls: 1 },
    }
    expect(readOverviewAnswer(answer)).toMatchObject({ ok: false, problems: [{ path: 'coverage' }] })
    expect(readOverviewAnswer({ ...answer, coverage: { ...answer.coverage, executions: 1 } }).ok).toBe(true)
  })
})
