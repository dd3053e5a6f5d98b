import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { Execution } from '../../../api'
import { renderWithProviders } from '../../../test/renderWithProviders'
import { ExecutionsTable } from './ExecutionsTable'
import type { RowSelection } from './rowSelection'

const execution = (id: string): Execution => ({
  id,
  state: 'failed',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:05:00Z',
})
const e1 = execution('e1')
const e2 = execution('e2')
const e3 = execution('e3')

// Stable, as the page's are: new callbacks would make new columns, and every row would be drawn again anyway.
const noChanges = new Set<string>()
const ignore = () => {}

function table(rows: readonly Execution[], selection: RowSelection) {
  return (
    <ExecutionsTable
      rows={rows}
      rejected={[]}
      lingering={[]}
      isLoading={false}
      skeletonRows={0}
      isStale={false}
      changed={noChanges}
      onMetadataClick={ignore}
      onOpen={ignore}
      selectedId={null}
      selection={selection}
    />
  )
}

describe('ExecutionsTable with a selection', () => {
  it('leaves the drawn rows’ checkboxes alone when the page grows, and the header and ranges follow it', () => {
    const selected = new Set(['e1', 'e2'])
    const selection = {
      isSelected: vi.fn((id: string) => selected.has(id)),
      onChange: vi.fn<RowSelection['onChange']>(),
    }
    const view = renderWithProviders(table([e1, e2], selection))
    const all = screen.getByRole('checkbox', { name: 'Select all executions on this page' })
    expect(all).toBeChecked()
    // A range's first end, clicked on the page as it was.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select e1' }))

    // React sets a drawn checkbox's `checked` each time its cell is drawn: the cell of a row the page kept is not.
    const box = screen.getByRole('checkbox', { name: 'Select e1' })
    const own =
      Object.getOwnPropertyDescriptor(box, 'checked') ??
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'checked')
    if (!own) throw new Error('jsdom has no checked property')
    const sets = vi.fn()
    Object.defineProperty(box, 'checked', {
      configurable: true,
      get(this: HTMLInputElement) {
        return own.get?.call(this) as boolean
      },
      set(this: HTMLInputElement, value: boolean) {
        sets(value)
        own.set?.call(this, value)
      },
    })
    view.rerender(table([e1, e2, e3], selection))
    expect(screen.getByRole('checkbox', { name: 'Select e3' })).not.toBeChecked()
    expect(sets).not.toHaveBeenCalled()
    expect(all).not.toBeChecked()
    expect(all).toHaveProperty('indeterminate', true)

    // A range reaches the row the page gained after its first end was clicked.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select e3' }), { shiftKey: true })
    expect(selection.onChange.mock.calls.at(-1)?.[0].map((row) => row.id)).toEqual(['e1', 'e2', 'e3'])
  })
})
