import { fireEvent, render, screen } from '@testing-library/react'
import { useRef } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { rowAttributes } from '../lib/rowLookup'
import { GridKeys, type GridKeyActions } from './GridKeys'

const IDS = Array.from({ length: 12 }, (_, index) => `e${index}`)

function Grid(actions: GridKeyActions) {
  const bodyRef = useRef<HTMLTableSectionElement>(null)
  return (
    <table>
      <tbody ref={bodyRef}>
        {IDS.map((id) => (
          <tr key={id} {...rowAttributes(id)} tabIndex={-1} aria-label={`Execution ${id}`}>
            <td>
              <input type="checkbox" tabIndex={-1} aria-label={`Select ${id}`} />
            </td>
            <td>
              <button type="button" tabIndex={-1}>
                Copy {id}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
      <GridKeys bodyRef={bodyRef} {...actions} />
    </table>
  )
}

const row = (id: string) => screen.getByRole('row', { name: `Execution ${id}` })
/** A key pressed where focus is, as the browser sends it; false when the grid took it (preventDefault). */
const press = (key: string, init: Partial<KeyboardEventInit> = {}) =>
  // eslint-disable-next-line testing-library/no-node-access -- the key goes where focus is, as in a browser
  fireEvent.keyDown(document.activeElement ?? document.body, { key, ...init })

describe('the grid’s keys', () => {
  it('move between rows: arrows, j/k, Home/End, PageUp/PageDown', () => {
    render(<Grid onOpen={() => {}} />)
    row('e0').focus()
    press('ArrowDown')
    press('j')
    expect(row('e2')).toHaveFocus()
    press('k')
    press('ArrowUp')
    press('ArrowUp')
    expect(row('e0')).toHaveFocus()
    press('End')
    expect(row('e11')).toHaveFocus()
    press('PageUp')
    expect(row('e1')).toHaveFocus()
    press('PageDown')
    expect(row('e11')).toHaveFocus()
    press('Home')
    expect(row('e0')).toHaveFocus()
  })

  it('walk a row’s controls with Left and Right, and Esc goes back to the row', () => {
    render(<Grid onOpen={() => {}} />)
    row('e3').focus()
    press('ArrowRight')
    expect(screen.getByRole('checkbox', { name: 'Select e3' })).toHaveFocus()
    press('ArrowRight')
    expect(screen.getByRole('button', { name: 'Copy e3' })).toHaveFocus()
    press('ArrowLeft')
    press('ArrowLeft')
    expect(row('e3')).toHaveFocus()
    press('ArrowRight')
    press('Escape')
    expect(row('e3')).toHaveFocus()
    // On a control, Home and Enter are the control's own.
    screen.getByRole('button', { name: 'Copy e3' }).focus()
    expect(press('Home')).toBe(true)
  })

  it('act on the row: Enter opens, Space and x select, r reschedules; a held key acts once', () => {
    const actions = { onOpen: vi.fn(), onToggle: vi.fn(), onReschedule: vi.fn() }
    render(<Grid {...actions} />)
    row('e5').focus()
    press('Enter')
    press(' ')
    press('x')
    press('r')
    expect(actions.onOpen).toHaveBeenCalledWith('e5')
    expect(actions.onToggle).toHaveBeenCalledTimes(2)
    expect(actions.onReschedule).toHaveBeenCalledWith('e5', row('e5'))
    expect(press('Enter', { repeat: true })).toBe(false)
    expect(actions.onOpen).toHaveBeenCalledTimes(1)
  })

  it('leave keys with a modifier, and keys without a row or an action, to the browser', () => {
    const onOpen = vi.fn()
    render(<Grid onOpen={onOpen} />)
    row('e1').focus()
    expect(press('Enter', { ctrlKey: true })).toBe(true)
    expect(press('r')).toBe(true)
    expect(press('x')).toBe(true)
    expect(onOpen).not.toHaveBeenCalled()
  })
})
