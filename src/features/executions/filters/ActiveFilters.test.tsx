import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ActiveFilters } from './ActiveFilters'

describe('ActiveFilters', () => {
  it('renders nothing without filters', () => {
    const { container } = render(
      <ActiveFilters
        states={[]}
        metadata={[]}
        onRemoveState={vi.fn()}
        onRemoveMetadata={vi.fn()}
        onClear={vi.fn()}
      />,
    )
    expect(container).toBeEmptyDOMElement()
  })

  it('gives each filter a chip that removes it, and a Clear filters button', async () => {
    const onRemoveState = vi.fn()
    const onRemoveMetadata = vi.fn()
    const onClear = vi.fn()
    render(
      <ActiveFilters
        states={['failed']}
        metadata={[{ key: 'pipeline', values: ['<b>x</b> & y', 'z'] }]}
        onRemoveState={onRemoveState}
        onRemoveMetadata={onRemoveMetadata}
        onClear={onClear}
      />,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Remove filter State: Failed' }))
    expect(onRemoveState).toHaveBeenCalledWith('failed')
    await userEvent.click(screen.getByRole('button', { name: 'Remove filter pipeline = <b>x</b> & y or z' }))
    expect(onRemoveMetadata).toHaveBeenCalledWith('pipeline')
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(onClear).toHaveBeenCalled()
  })
})
