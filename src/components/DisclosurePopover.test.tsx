import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { DisclosurePopover } from './DisclosurePopover'

function renderMenu() {
  render(
    <>
      <DisclosurePopover label="Display…">
        <label>
          <input type="checkbox" /> Auto-refresh
        </label>
        <details>
          <summary>More</summary>
          inside
        </details>
      </DisclosurePopover>
      <button type="button">Elsewhere</button>
    </>,
  )
}

describe('DisclosurePopover', () => {
  it('opens its group, and Esc closes it and gives focus back to the button', async () => {
    renderMenu()
    const toggle = screen.getByRole('button', { name: 'Display…' })
    expect(screen.queryByRole('group', { name: 'Display' })).not.toBeInTheDocument()
    await userEvent.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const group = screen.getByRole('group', { name: 'Display' })
    await userEvent.click(screen.getByRole('checkbox', { name: 'Auto-refresh' }))
    // A click inside keeps it open.
    expect(group).toBeVisible()
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('group', { name: 'Display' })).not.toBeInTheDocument()
    expect(toggle).toHaveFocus()
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
  })

  it('closes on a pointer outside, and keeps what is open inside it while closed', async () => {
    renderMenu()
    const toggle = screen.getByRole('button', { name: 'Display…' })
    await userEvent.click(toggle)
    await userEvent.click(screen.getByText('More'))
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }))
    expect(screen.queryByRole('group', { name: 'Display' })).not.toBeInTheDocument()
    await userEvent.click(toggle)
    expect(screen.getByRole('group', { name: 'Display' })).toHaveTextContent('inside')
    expect(screen.getByText('inside')).toBeVisible()
    // The button again closes it too.
    await userEvent.click(toggle)
    expect(screen.queryByRole('group', { name: 'Display' })).not.toBeInTheDocument()
  })
})
