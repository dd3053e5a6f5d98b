import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { MetadataFilterForm, splitValues } from './MetadataFilterForm'

const suggestions = new Map([
  ['env', new Set(['production', 'staging'])],
  ['team', new Set(['data'])],
])

describe('MetadataFilterForm', () => {
  it('adds an entry with its comma-separated values and clears the inputs', async () => {
    const onAdd = vi.fn()
    render(<MetadataFilterForm suggestions={suggestions} onAdd={onAdd} />)
    await userEvent.type(screen.getByRole('combobox', { name: 'Metadata key' }), ' env ')
    await userEvent.type(
      screen.getByRole('combobox', { name: 'Metadata values' }),
      'production, staging,,production{Enter}',
    )
    expect(onAdd).toHaveBeenCalledWith({ key: 'env', values: ['production', 'staging'] })
    expect(screen.getByRole('combobox', { name: 'Metadata key' })).toHaveValue('')
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
    const lists = () =>
      [...container.querySelectorAll('datalist')].map((list) => [...list.options].map((o) => o.value))
    expect(lists()).toEqual([['env', 'team'], []])
    await userEvent.type(screen.getByRole('combobox', { name: 'Metadata key' }), 'env')
    expect(lists()).toEqual([
      ['env', 'team'],
      ['production', 'staging'],
    ])
  })
})

describe('splitValues', () => {
  it('trims, drops blanks and duplicates', () => {
    expect(splitValues(' a, b ,, a ,')).toEqual(['a', 'b'])
  })
})
