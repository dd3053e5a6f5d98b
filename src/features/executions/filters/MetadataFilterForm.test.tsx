import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { MetadataFilterForm } from './MetadataFilterForm'

const suggestions = { env: ['production', 'staging'], team: ['data'] }

describe('MetadataFilterForm', () => {
  it('takes each value as its own entry, commas included, and clears the inputs', async () => {
    const onAdd = vi.fn()
    render(<MetadataFilterForm suggestions={suggestions} onAdd={onAdd} />)
    await userEvent.type(screen.getByRole('combobox', { name: 'Metadata key' }), ' env ')
    const values = screen.getByRole('combobox', { name: 'Metadata values' })
    await userEvent.type(values, 'eu, west{Enter}production{Enter}production{Enter}')
    expect(onAdd).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Remove value eu, west' })).toBeInTheDocument()
    await userEvent.type(values, '{Enter}')
    expect(onAdd).toHaveBeenCalledWith({ key: 'env', values: ['eu, west', 'production'] })
    expect(screen.getByRole('combobox', { name: 'Metadata key' })).toHaveValue('')
    expect(screen.queryByRole('button', { name: /^Remove value/ })).not.toBeInTheDocument()
  })

  it('adds a typed value that was not yet a chip when the filter is added', async () => {
    const onAdd = vi.fn()
    render(<MetadataFilterForm suggestions={suggestions} onAdd={onAdd} />)
    await userEvent.type(screen.getByRole('combobox', { name: 'Metadata key' }), 'team')
    await userEvent.type(screen.getByRole('combobox', { name: 'Metadata values' }), 'data')
    await userEvent.click(screen.getByRole('button', { name: 'Add metadata filter' }))
    expect(onAdd).toHaveBeenCalledWith({ key: 'team', values: ['data'] })
  })

  it('explains what is missing instead of adding', async () => {
    const onAdd = vi.fn()
    render(<MetadataFilterForm suggestions={suggestions} onAdd={onAdd} />)
    await userEvent.click(screen.getByRole('button', { name: 'Add metadata filter' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a metadata key.')
    expect(screen.getByRole('combobox', { name: 'Metadata key' })).toHaveAttribute('aria-invalid', 'true')
    await userEvent.type(screen.getByRole('combobox', { name: 'Metadata key' }), 'env{Enter}')
    expect(screen.getByRole('alert')).toHaveTextContent('Enter at least one value')
    expect(onAdd).not.toHaveBeenCalled()
  })

  it('suggests known keys, and the values seen for the typed key', async () => {
    const { container } = render(<MetadataFilterForm suggestions={suggestions} onAdd={() => {}} />)
    // datalist options are not in the accessibility tree, so they are read from the DOM.
    /* eslint-disable testing-library/no-container, testing-library/no-node-access */
    const lists = () =>
      [...container.querySelectorAll('datalist')].map((list) => [...list.options].map((o) => o.value))
    /* eslint-enable testing-library/no-container, testing-library/no-node-access */
    expect(lists()).toEqual([['env', 'team'], []])
    await userEvent.type(screen.getByRole('combobox', { name: 'Metadata key' }), 'env')
    expect(lists()).toEqual([
      ['env', 'team'],
      ['production', 'staging'],
    ])
  })
})
