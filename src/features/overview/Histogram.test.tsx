import { fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Histogram as HistogramData } from '../../../shared/overview'
import { Histogram } from './Histogram'

const HOUR = 3_600_000
const histogram: HistogramData = {
  field: 'created',
  bucketMs: HOUR,
  start: 0,
  end: 4 * HOUR,
  buckets: [0, 1, 2, 3].map((index) => ({
    start: index * HOUR,
    known: { created: 0, started: 0, succeed: index + 1, failed: 1 },
    other: 0,
  })),
}

/** The run's words: in the readout and in the polite announcement for screen readers. */
const chosen = (text: RegExp) => screen.queryAllByText(text)
const CHOSEN = /executions; release, or press Enter/

/** A chart of `count` days from `start` in half-day buckets, one success in each. */
function halfDays(start: number, count: number): HistogramData {
  return {
    field: 'created',
    bucketMs: 12 * HOUR,
    start,
    end: start + count * 24 * HOUR,
    buckets: Array.from({ length: count * 2 }, (_, index) => ({
      start: start + index * 12 * HOUR,
      known: { created: 0, started: 0, succeed: 1, failed: 0 },
      other: 0,
    })),
  }
}

function renderBars() {
  const onNarrow = vi.fn()
  render(<Histogram histogram={histogram} onNarrow={onNarrow} />)
  const toolbar = screen.getByRole('toolbar', { name: 'Executions over time' })
  return { onNarrow, toolbar, bars: within(toolbar).getAllByRole('button') }
}

describe('Histogram', () => {
  it('narrows to one bucket on a click, and to several chosen with Shift+arrows and Enter', async () => {
    const { onNarrow, bars } = renderBars()
    await userEvent.click(bars[1] as HTMLElement)
    expect(onNarrow).toHaveBeenLastCalledWith(HOUR, 2 * HOUR)
    ;(bars[1] as HTMLElement).focus()
    await userEvent.keyboard('{Shift>}{ArrowRight}{ArrowRight}{/Shift}')
    expect(chosen(/: 12 executions; release, or press Enter/)).toHaveLength(2)
    expect(bars[3]).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    expect(onNarrow).toHaveBeenLastCalledWith(HOUR, 4 * HOUR)
    expect(chosen(CHOSEN)).toHaveLength(0)
  })

  it('forgets a run on Escape or a plain arrow', async () => {
    const { onNarrow, bars } = renderBars()
    ;(bars[0] as HTMLElement).focus()
    await userEvent.keyboard('{Shift>}{ArrowRight}{/Shift}')
    expect(chosen(CHOSEN)).toHaveLength(2)
    await userEvent.keyboard('{Escape}')
    expect(chosen(CHOSEN)).toHaveLength(0)
    await userEvent.keyboard('{Shift>}{ArrowRight}{/Shift}{ArrowRight}{Enter}')
    expect(onNarrow).toHaveBeenLastCalledWith(3 * HOUR, 4 * HOUR)
  })

  it('tells the bars of a chart over days apart: each says its date, in its name and in the table', () => {
    const days = halfDays(new Date(2026, 10, 10).getTime(), 14)
    render(<Histogram histogram={days} onNarrow={vi.fn()} />)
    const names = within(screen.getByRole('toolbar'))
      .getAllByRole('button')
      .map((bar) => bar.ariaLabel)
    expect(new Set(names).size).toBe(28)
    expect(names[0]).toMatch(/^10 Nov 2026, 00:00 – 12:00: 1 succeeded\./)
    expect(names[1]).toMatch(/^10 Nov 2026, 12:00 – 00:00: /)
    const rows = screen.getAllByRole('rowheader').map((cell) => cell.textContent)
    expect(new Set(rows).size).toBe(28)
    expect(rows[27]).toBe('23 Nov 2026, 12:00 – 00:00')
  })

  it('speaks in UTC, and says so, when the Times setting is UTC', () => {
    const days = halfDays(Date.UTC(2026, 10, 10), 2)
    render(<Histogram histogram={days} onNarrow={vi.fn()} utc />)
    const first = within(screen.getByRole('toolbar')).getAllByRole('button')[0]
    expect(first?.ariaLabel).toMatch(/^10 Nov 2026, 00:00 – 12:00 UTC: 1 succeeded\./)
    expect(screen.getAllByRole('rowheader')[3]?.textContent).toBe('11 Nov 2026, 12:00 – 00:00 UTC')
  })

  it('narrows to the buckets a drag went across, and not again on the click that ends it', () => {
    // jsdom has no PointerEvent: a MouseEvent carries the same button and position.
    if (typeof window.PointerEvent === 'undefined') Object.assign(window, { PointerEvent: window.MouseEvent })
    const { onNarrow, toolbar } = renderBars()
    toolbar.getBoundingClientRect = () => ({ left: 0, width: 400, top: 0, height: 40 }) as DOMRect
    fireEvent.pointerDown(toolbar, { button: 0, clientX: 350, pointerId: 1 })
    fireEvent.pointerMove(toolbar, { clientX: 150, pointerId: 1 })
    expect(chosen(/^01:00 – 04:00: 12 executions/)).toHaveLength(2)
    fireEvent.pointerUp(toolbar, { clientX: 150, pointerId: 1 })
    fireEvent.click(toolbar)
    expect(onNarrow).toHaveBeenCalledTimes(1)
    expect(onNarrow).toHaveBeenLastCalledWith(HOUR, 4 * HOUR)
  })
})
