import { act, fireEvent, render, screen } from '@testing-library/react'
import { useRef } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TimeCellTooltip } from './TimeCellTooltip'
import { timestampCell, useRelativeTimeTicker } from './TimeCells'

const NOW = Date.parse('2026-11-23T12:00:00Z')
const TWO_MINUTES_AGO = '2026-11-23T11:58:00Z'

const ROWS = ['e1']
const NO_ROWS: string[] = []

function TimeTable({
  rowIds = ROWS,
  ticking = false,
  created = TWO_MINUTES_AGO,
}: {
  rowIds?: string[]
  ticking?: boolean
  created?: string
}) {
  const tableRef = useRef<HTMLTableElement>(null)
  useRelativeTimeTicker(tableRef, ticking)
  return (
    <div>
      <table ref={tableRef}>
        <tbody>
          <tr data-row-id="e1">
            {timestampCell(created, 'created_at', 'relative')}
            {timestampCell('2026-11-23T11:58:00', 'updated_at', 'utc')}
          </tr>
        </tbody>
      </table>
      <TimeCellTooltip tableRef={tableRef} rowIds={rowIds} />
    </div>
  )
}

describe('time cells', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    vi.setSystemTime(NOW)
  })
  afterEach(() => vi.useRealTimers())

  it('are the time itself, in the Times setting, and say when the API gave no zone', () => {
    render(<TimeTable />)
    const cells = screen.getAllByRole('cell')
    expect(cells[0]).toHaveTextContent('2 minutes ago')
    expect(cells[0]).toHaveAttribute('data-datetime', TWO_MINUTES_AGO)
    expect(cells[1]).toHaveTextContent('2026-11-23 11:58:00 (no time zone given)')
  })

  it('break a UTC or local time only between its date and its time, where the list is narrow', () => {
    render(
      <table>
        <tbody>
          <tr>
            {timestampCell(TWO_MINUTES_AGO, 'created_at', 'utc')}
            {timestampCell(TWO_MINUTES_AGO, 'updated_at', 'relative')}
          </tr>
        </tbody>
      </table>,
    )
    const [utc, relative] = screen.getAllByRole('cell')
    expect(utc?.textContent).toBe('23\u00a0Nov\u00a02026, 11:58:00\u00a0UTC')
    expect(utc).toHaveClass('absolute-time')
    expect(relative?.textContent).toBe('2 minutes ago')
    expect(relative).not.toHaveClass('absolute-time')
  })

  it('show both zones on focus and hover, described by the tooltip, and hide them on leaving', () => {
    render(<TimeTable />)
    const cell = screen.getByText('2 minutes ago')
    fireEvent.focus(cell)
    const tooltip = screen.getByRole('tooltip')
    expect(tooltip).toHaveTextContent(/Local: .+UTC: 23 Nov 2026, 11:58:00 UTC/)
    expect(cell).toHaveAttribute('aria-describedby', tooltip.id)
    fireEvent.blur(cell)
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
    expect(cell).not.toHaveAttribute('aria-describedby')

    fireEvent.mouseOver(cell)
    expect(screen.getByRole('tooltip')).toBeInTheDocument()
    // Onto the tooltip keeps it (it can be hovered); away from both hides it.
    fireEvent.mouseOut(cell, { relatedTarget: screen.getByRole('tooltip') })
    expect(screen.getByRole('tooltip')).toBeInTheDocument()
    fireEvent.mouseLeave(screen.getByRole('tooltip'), { relatedTarget: document.body })
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
  })

  it('drop the tooltip when a refresh takes the row away, or the page scrolls', () => {
    const { rerender } = render(<TimeTable />)
    fireEvent.mouseOver(screen.getByText('2 minutes ago'))
    rerender(<TimeTable rowIds={NO_ROWS} />)
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()

    rerender(<TimeTable />)
    fireEvent.mouseOver(screen.getByText('2 minutes ago'))
    fireEvent.mouseOut(screen.getByText('2 minutes ago'), { relatedTarget: document.body })
    fireEvent.mouseOver(screen.getByText('2 minutes ago'))
    fireEvent.scroll(window)
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
  })

  it('move relative texts on every 5 s while ticking, without rendering the row', () => {
    const { rerender } = render(<TimeTable ticking />)
    const cell = screen.getAllByRole('cell')[0]
    act(() => {
      vi.advanceTimersByTime(60_000)
    })
    expect(cell).toHaveTextContent('3 minutes ago')
    // The cell without a zone is not a relative time and is left alone.
    expect(screen.getAllByRole('cell')[1]).toHaveTextContent('(no time zone given)')

    rerender(<TimeTable ticking={false} />)
    act(() => {
      vi.advanceTimersByTime(120_000)
    })
    expect(cell).toHaveTextContent('3 minutes ago')
  })

  it('keep a focused cell’s tooltip while the pointer moves and the page scrolls; Esc anywhere dismisses it', () => {
    render(<TimeTable />)
    const cell = screen.getByText('2 minutes ago')
    fireEvent.focus(cell)
    fireEvent.mouseOut(cell, { relatedTarget: document.body })
    fireEvent.scroll(window)
    expect(screen.getByRole('tooltip')).toBeInTheDocument()
    fireEvent.keyDown(document.body, { key: 'Escape' })
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument()
    expect(cell).not.toHaveAttribute('aria-describedby')
  })

  it('start a new time with its own text, not the ticker’s text of the old one', () => {
    const { rerender } = render(<TimeTable ticking />)
    act(() => {
      vi.advanceTimersByTime(60_000)
    })
    expect(screen.getAllByRole('cell')[0]).toHaveTextContent('3 minutes ago')
    // The same text React rendered last time ("2 minutes ago"), for a new instant.
    rerender(<TimeTable ticking created="2026-11-23T11:59:00Z" />)
    expect(screen.getAllByRole('cell')[0]).toHaveTextContent('2 minutes ago')
  })
})
