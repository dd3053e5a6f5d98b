import { describe, expect, it } from 'vitest'
import type { OrderKind } from './coverage.ts'
import { newFamily } from './family.ts'
import { MIN_FALLS, startWalk, walkSaw, windowCoverage } from './walkProgress.ts'

const window = { from: 1_000, to: null, field: 'created' as const }

/** A family whose walk saw `createdAts` in one page, with 3 calls. */
function walked(createdAts: (number | null)[]) {
  const family = newFamily([], 0)
  family.phase = 'counting'
  family.walk = startWalk(500)
  walkSaw(family.walk, createdAts, 3)
  return family
}
const falling = (count: number, last: number) => Array.from({ length: count }, (_, n) => last + count - 1 - n)

describe('what a walk can claim of a window before it ends', () => {
  it('believes its own order only after enough rows in order, unless the index learned it before', () => {
    const few = walked(falling(MIN_FALLS - 1, 999))
    expect(windowCoverage(few, window, 'unknown', 0)).toBeNull()
    expect(windowCoverage(few, window, 'created_desc', 0)).toMatchObject({
      kind: 'exact',
      calls: 3,
      asOf: 500,
    })
    expect(windowCoverage(walked(falling(MIN_FALLS + 1, 999)), window, 'unknown', 0)?.kind).toBe('exact')
  })

  it('never believes a walk that saw a newer row after an older one, nor an order learned as something else', () => {
    const risen = walked([...falling(50, 1_100), 2_000, 900])
    for (const learned of ['created_desc', 'unknown', 'none'] satisfies OrderKind[])
      expect(windowCoverage(risen, window, learned, 0)).toBeNull()
    const ordered = walked(falling(50, 990))
    expect(windowCoverage(ordered, window, 'none', 0)).toBeNull()
    expect(windowCoverage(ordered, window, 'created_asc', 0)).toBeNull()
  })

  it('says at least while outcomes in the window are being checked', () => {
    const coverage = windowCoverage(walked(falling(50, 990)), window, 'created_desc', 2)
    expect(coverage?.kind).toBe('at_least')
    expect(coverage?.kind === 'at_least' && coverage.reason).toMatch(/2 executions finished/)
  })

  it('gives the calls of the page that first went below the window’s start', () => {
    const family = walked(falling(30, 1_010))
    if (!family.walk) throw new Error('unreachable')
    walkSaw(family.walk, falling(30, 980), 4)
    walkSaw(family.walk, falling(30, 950), 5)
    expect(windowCoverage(family, window, 'unknown', 0)).toMatchObject({ kind: 'exact', calls: 4 })
    expect(windowCoverage(family, { ...window, from: 1_020 }, 'unknown', 0)).toMatchObject({ calls: 3 })
    expect(windowCoverage(family, { ...window, from: 900 }, 'unknown', 0)).toBeNull()
  })
})
