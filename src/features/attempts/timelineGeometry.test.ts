import { describe, expect, it } from 'vitest'
import { layoutTimeline, MIN_BAR_FRACTION } from './timelineGeometry'

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 22, 10, 0, seconds)).toISOString()
const attempt = (id: string, from: number, to: number, state = 'failed') => ({
  id,
  state,
  created_at: at(from),
  updated_at: at(to),
})

describe('layoutTimeline', () => {
  it('places bars on a shared axis, oldest first', () => {
    const layout = layoutTimeline([attempt('b', 60, 100, 'succeed'), attempt('a', 0, 40)])
    expect(layout.bars.map((bar) => bar.id)).toEqual(['a', 'b'])
    expect(layout.bars[0]).toMatchObject({ x: 0, width: 0.4, durationMs: 40_000 })
    expect(layout.bars[1]).toMatchObject({ x: 0.6, width: 0.4, durationMs: 40_000, state: 'succeed' })
  })

  it('finds the gaps between attempts', () => {
    const layout = layoutTimeline([attempt('a', 0, 40), attempt('b', 60, 100)])
    expect(layout.gaps).toEqual([
      { afterId: 'a', beforeId: 'b', x: 0.4, width: expect.closeTo(0.2) as number, durationMs: 20_000 },
    ])
  })

  it('sees no gap where attempts overlap or touch', () => {
    const layout = layoutTimeline([attempt('a', 0, 50), attempt('b', 40, 80), attempt('c', 80, 100)])
    expect(layout.gaps).toEqual([])
  })

  it('measures a gap from the latest end so far, not the previous bar', () => {
    const layout = layoutTimeline([
      attempt('long', 0, 70),
      attempt('short', 10, 20),
      attempt('late', 90, 100),
    ])
    expect(layout.gaps).toEqual([
      { afterId: 'long', beforeId: 'late', x: 0.7, width: expect.closeTo(0.2) as number, durationMs: 20_000 },
    ])
  })

  it('keeps instant attempts visible and inside the axis', () => {
    const layout = layoutTimeline([attempt('a', 0, 100), attempt('instant', 100, 100)])
    const instant = layout.bars[1]
    expect(instant?.width).toBe(MIN_BAR_FRACTION)
    expect((instant?.x ?? 0) + (instant?.width ?? 0)).toBeLessThanOrEqual(1)
  })

  it('handles a single attempt and an empty list', () => {
    expect(layoutTimeline([attempt('only', 5, 5)]).bars[0]).toMatchObject({ x: 0, durationMs: 0 })
    expect(layoutTimeline([])).toEqual({ startMs: 0, endMs: 0, bars: [], gaps: [] })
  })

  it('treats an updated_at before created_at as zero length', () => {
    const layout = layoutTimeline([attempt('odd', 50, 10)])
    expect(layout.bars[0]?.durationMs).toBe(0)
  })
})
