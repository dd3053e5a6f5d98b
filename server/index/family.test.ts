import { describe, expect, it } from 'vitest'
import { familyCoverage, newFamily } from './family.ts'

describe('familyCoverage', () => {
  it('is exact for a whole scan, and a lower bound that knows every execution while outcomes are checked', () => {
    const family = newFamily([], 0)
    family.phase = 'complete'
    family.refreshedAt = 5
    expect(familyCoverage(family, 0)).toEqual({ kind: 'exact', asOf: 5, executions: 0, calls: 0 })
    expect(familyCoverage(family, 2)).toMatchObject({
      kind: 'at_least',
      reason: '2 executions finished and their outcome is being checked',
      allKnown: true,
    })
  })

  it('does not claim to know every execution of a scan cut short', () => {
    const family = newFamily([], 0)
    family.phase = 'partial'
    family.reason = 'the API refused page 3'
    const coverage = familyCoverage(family, 4)
    expect(coverage).toMatchObject({ kind: 'at_least', reason: 'the API refused page 3' })
    expect(coverage).not.toHaveProperty('allKnown')
  })
})
