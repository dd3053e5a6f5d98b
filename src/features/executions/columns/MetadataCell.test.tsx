import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { ChipRoomContext } from './chipRoom'
import { chipsThatFit, MetadataCell } from './MetadataCell'

describe('chipsThatFit', () => {
  it('keeps every chip when all fit, else as many as leave room for +N', () => {
    // 100 + 6 + 100 = 206 fits exactly; three chips of 310 px in 300 leave room for two beside +N.
    const fit = (widths: number[], available: number) =>
      chipsThatFit(widths.length, (index) => widths[index] ?? 0, available)
    expect(fit([100, 100], 206)).toBe(2)
    expect(fit([100, 100], 205)).toBe(1)
    expect(fit([100, 100, 100], 300)).toBe(2)
    expect(fit([100, 100, 100], 200)).toBe(1)
    expect(fit([300], 100)).toBe(0)
    expect(fit([], 100)).toBe(0)
  })
})

beforeAll(() => {
  // jsdom has no canvas: chips measure 7 px per character, plus their 18 px of padding and border.
  const metrics = { font: '', measureText: (text: string) => ({ width: text.length * 7 }) }
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    metrics as unknown as CanvasRenderingContext2D,
  )
})

const ENTRIES = [
  ['env', 'prod'],
  ['team', 'data'],
  ['region', 'eu-west-1'],
] as const

function renderCell(onFilter = vi.fn(), room = 0) {
  return render(
    <ChipRoomContext.Provider value={room}>
      <table>
        <tbody>
          <tr>
            <MetadataCell id="e1" entries={ENTRIES} onFilter={onFilter} />
          </tr>
        </tbody>
      </table>
    </ChipRoomContext.Provider>,
  )
}

describe('MetadataCell', () => {
  it('shows every chip without layout, and filters by one', async () => {
    const onFilter = vi.fn()
    renderCell(onFilter)
    await userEvent.click(screen.getByRole('button', { name: 'Filter by team=data' }))
    expect(onFilter).toHaveBeenCalledWith('team', 'data')
    expect(screen.queryByRole('button', { name: /^Show all/ })).not.toBeInTheDocument()
  })

  it('draws only the chips that fit, and "+N" shows them all and back', async () => {
    // env=prod is 74 px, team=data 81 px: with 200 px, one chip leaves room for "+2" and two do not.
    renderCell(vi.fn(), 200)
    expect(screen.getAllByRole('button', { name: /^Filter by/ }).map((chip) => chip.textContent)).toEqual([
      'env=prod',
    ])
    const more = screen.getByRole('button', { name: 'Show all 3 metadata of e1' })
    expect(more).toHaveTextContent('+2')
    await userEvent.click(more)
    expect(screen.getAllByRole('button', { name: /^Filter by/ })).toHaveLength(3)
    await userEvent.click(screen.getByRole('button', { name: 'Show less metadata of e1' }))
    expect(screen.getAllByRole('button', { name: /^Filter by/ })).toHaveLength(1)
  })

  it('is an empty cell, not a missing one, without metadata', () => {
    render(
      <table>
        <tbody>
          <tr>
            <MetadataCell id="e1" entries={[]} onFilter={vi.fn()} />
          </tr>
        </tbody>
      </table>,
    )
    expect(screen.getByRole('cell')).toBeEmptyDOMElement()
  })
})
