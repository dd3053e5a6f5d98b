import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { renderWithProviders } from '../../../test/renderWithProviders'
import { ColumnChooser } from './ColumnChooser'

afterEach(() => localStorage.clear())

describe('ColumnChooser', () => {
  it('hides, moves and resets columns, remembered in this browser', async () => {
    renderWithProviders(<ColumnChooser />)
    const toggle = screen.getByRole('button', { name: 'Columns…' })
    await userEvent.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const panel = screen.getByRole('list', { name: 'Columns' })
    // Duration is there to choose, and off until chosen.
    expect(within(panel).getByRole('checkbox', { name: 'Duration' })).not.toBeChecked()
    expect(within(panel).getByRole('checkbox', { name: 'Created' })).toBeChecked()
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Metadata' }))
    await userEvent.click(within(panel).getByRole('button', { name: 'Move Updated left' }))
    expect(localStorage.getItem('execution-dashboard:columns')).toBe(
      'state,updated_at,created_at,-metadata,-duration,actions',
    )
    expect(within(panel).getByRole('button', { name: 'Move State left' })).toBeDisabled()
    await userEvent.click(within(panel).getByRole('button', { name: 'Move Actions right' }))
    await userEvent.click(within(panel).getByRole('button', { name: 'Reset columns' }))
    expect(localStorage.getItem('execution-dashboard:columns')).toBe('')
    expect(within(panel).getByRole('checkbox', { name: 'Duration' })).not.toBeChecked()
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'Duration' }))
    expect(localStorage.getItem('execution-dashboard:columns')).toBe(
      'state,created_at,updated_at,metadata,duration,actions',
    )
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('list', { name: 'Columns' })).not.toBeInTheDocument()
  })
})
