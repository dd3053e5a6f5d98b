import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { chipsThatFit, MetadataChips } from './MetadataChips'

describe('chipsThatFit', () => {
  it('keeps every chip when all fit, else as many as leave room for +N', () => {
    expect(chipsThatFit([100, 100], 205)).toBe(2)
    expect(chipsThatFit([100, 100, 100], 300)).toBe(2)
    expect(chipsThatFit([100, 100, 100], 200)).toBe(1)
    expect(chipsThatFit([300], 100)).toBe(0)
  })
})

describe('MetadataChips', () => {
  it('shows every chip without layout, and filters by one', async () => {
    const onFilter = vi.fn()
    render(
      <MetadataChips
        id="e1"
        entries={[
          ['env', 'prod'],
          ['team', 'data'],
        ]}
        onFilter={onFilter}
      />,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Filter by team=data' }))
    expect(onFilter).toHaveBeenCalledWith('team', 'data')
    expect(screen.queryByRole('button', { name: /^Show all/ })).not.toBeInTheDocument()
  })
})
