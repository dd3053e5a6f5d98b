import { fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'

/** IdCell reads once, on load, whether the pointer can hover: load it under the given answer. */
async function loadIdCell(canHover: boolean) {
  vi.resetModules()
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: canHover && query === '(hover: hover)' }))
  // The context too: a fresh IdCell module reads a fresh rowSelection module's context.
  const { SelectionContext } = await import('../grid/rowSelection')
  return { IdCell: (await import('./IdCell')).IdCell, SelectionContext }
}

const inRow = (cell: ReactNode) => (
  <table>
    <tbody>
      <tr data-row-id="row">
        {cell}
        <td>
          <button type="button">Next control</button>
        </td>
      </tr>
    </tbody>
  </table>
)

afterEach(() => vi.unstubAllGlobals())

describe('IdCell', () => {
  it('draws Copy only while the id is pointed at or has focus inside, where a pointer can hover', async () => {
    const { IdCell, SelectionContext } = await loadIdCell(true)
    const onToggle = vi.fn()
    render(
      <SelectionContext.Provider
        value={{ selection: { isSelected: () => false, onChange: vi.fn() }, rows: [], onToggle }}
      >
        {inRow(<IdCell id="exec-1" />)}
      </SelectionContext.Provider>,
    )
    const cell = screen.getByTitle('exec-1')
    expect(screen.queryByRole('button', { name: 'Copy ID exec-1' })).not.toBeInTheDocument()

    fireEvent.mouseEnter(cell)
    expect(screen.getByRole('button', { name: 'Copy ID exec-1' })).toBeInTheDocument()
    fireEvent.mouseLeave(cell)
    expect(screen.queryByRole('button', { name: 'Copy ID exec-1' })).not.toBeInTheDocument()

    // The checkbox is the cell's arrow-key stop: focus there draws Copy. Focus moving on within the row
    // keeps it (so ← comes back to it), leaving for another window keeps it, leaving the row drops it.
    const checkbox = screen.getByRole('checkbox', { name: 'Select exec-1' })
    const copy = () => screen.queryByRole('button', { name: 'Copy ID exec-1' })
    fireEvent.focus(checkbox)
    expect(copy()).toBeInTheDocument()
    fireEvent.focusOut(checkbox, { relatedTarget: screen.getByRole('button', { name: 'Next control' }) })
    expect(copy()).toBeInTheDocument()
    const hasFocus = vi.spyOn(document, 'hasFocus').mockReturnValue(false)
    fireEvent.focusOut(checkbox, { relatedTarget: null })
    expect(copy()).toBeInTheDocument()
    hasFocus.mockReturnValue(true)
    fireEvent.focusOut(checkbox, { relatedTarget: document.body })
    expect(copy()).not.toBeInTheDocument()
    hasFocus.mockRestore()

    fireEvent.click(checkbox, { shiftKey: true })
    expect(onToggle).toHaveBeenCalledWith('exec-1', true, true)
  })

  it('keeps Copy in every row on a touch screen, and without a selection the cell itself takes focus', async () => {
    const { IdCell } = await loadIdCell(false)
    render(inRow(<IdCell id="exec-2" />))
    expect(await screen.findByRole('button', { name: 'Copy ID exec-2' })).toBeInTheDocument()
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument()
    expect(screen.getByTitle('exec-2')).toHaveAttribute('tabindex', '-1')
  })
})
