import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ListOrderControl } from './ListOrderControl'

describe('ListOrderControl', () => {
  it('offers the index’s orders while it holds every execution of the filters, and says so', async () => {
    const onChange = vi.fn()
    render(
      <ListOrderControl
        sort={null}
        onChange={onChange}
        coverage={{ kind: 'exact', asOf: 0, executions: 3, calls: 1 }}
        error={null}
      />,
    )
    const order = screen.getByRole('combobox', { name: 'Order' })
    expect(order).toBeEnabled()
    expect(order).toHaveAccessibleDescription(/dashboard’s index, which holds every execution/)
    await userEvent.selectOptions(order, 'Failed first')
    expect(onChange).toHaveBeenLastCalledWith('state')
  })

  it('is not offered while the index is counting, and says why', () => {
    render(
      <ListOrderControl
        sort={null}
        onChange={vi.fn()}
        coverage={{ kind: 'counting', executions: 10, estimate: 40, calls: 1 }}
        error={null}
      />,
    )
    const order = screen.getByRole('combobox', { name: 'Order' })
    expect(order).toBeDisabled()
    expect(order).toHaveAccessibleDescription(
      'Other orders once the index has counted every execution of these filters.',
    )
  })

  it('says the index did not answer, and lets a sorted list go back to the API’s order', async () => {
    const onChange = vi.fn()
    render(
      <ListOrderControl
        sort="duration"
        onChange={onChange}
        coverage={undefined}
        error={new Error('The execution index is turned off.')}
      />,
    )
    const order = screen.getByRole('combobox', { name: 'Order' })
    expect(order).toHaveAccessibleDescription(/Other orders need the dashboard’s index: The execution index/)
    expect(order).toBeEnabled()
    expect(screen.getByRole('option', { name: 'Newest created first' })).toBeDisabled()
    await userEvent.selectOptions(order, 'As the API returns them')
    expect(onChange).toHaveBeenLastCalledWith(null)
  })

  it('is offered while only a few outcomes are being checked: every execution is known', () => {
    render(
      <ListOrderControl
        sort={null}
        onChange={vi.fn()}
        coverage={{ kind: 'at_least', asOf: 0, executions: 3, calls: 1, reason: 'checking', allKnown: true }}
        error={null}
      />,
    )
    const order = screen.getByRole('combobox', { name: 'Order' })
    expect(order).toBeEnabled()
    expect(order).toHaveAccessibleDescription(/a few outcomes are being checked/)
  })

  it('says when the index holds only part of the filtered set', () => {
    render(
      <ListOrderControl
        sort={null}
        onChange={vi.fn()}
        coverage={{ kind: 'at_least', asOf: 0, executions: 3, calls: 1, reason: 'cut' }}
        error={null}
      />,
    )
    expect(screen.getByRole('combobox', { name: 'Order' })).toHaveAccessibleDescription(/it does not now/)
  })
})
