import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/renderWithProviders'
import { ListFilters } from './ListFilters'

function renderFilters(stateCounts: ReadonlyMap<string, number> | null) {
  renderWithProviders(
    <ListFilters
      states={['failed']}
      stateCounts={stateCounts}
      onStatesChange={vi.fn()}
      onAddMetadata={vi.fn()}
      onLeave={vi.fn()}
    />,
  )
}

describe('ListFilters', () => {
  it('says beside each state how many rows of the page on screen are in it', () => {
    renderFilters(new Map([['failed', 2]]))
    expect(screen.getByRole('checkbox', { name: /^Failed\s*2\s*on this page$/ })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: /^Created\s*0\s*on this page$/ })).not.toBeChecked()
  })

  // What the list's view model passes when no page loaded (its rows are none): no "Failed 0 on this page".
  it.each([
    ['no rows on screen', new Map<string, number>()],
    ['no counts', null],
  ])('counts nothing with %s', (_, stateCounts) => {
    renderFilters(stateCounts)
    expect(screen.getByRole('checkbox', { name: 'Failed' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Created' })).toBeInTheDocument()
    expect(screen.queryByText(/on this page/)).not.toBeInTheDocument()
  })
})
