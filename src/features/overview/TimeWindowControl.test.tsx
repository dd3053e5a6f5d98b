import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { TimeWindow } from '../../../shared/timeWindow'
import { TimeWindowControl } from './TimeWindowControl'

const setUpControl = (window: TimeWindow) => {
  const onChange = vi.fn()
  render(<TimeWindowControl window={window} onChange={onChange} />)
  return onChange
}

describe('TimeWindowControl', () => {
  it('offers the presets and any time, on created or on last update', async () => {
    const onChange = setUpControl({ kind: 'relative', preset: '1h', field: 'created' })
    const select = screen.getByRole('combobox', { name: 'Time window' })
    expect(select).toHaveValue('1h')
    await userEvent.selectOptions(select, 'Last 24 hours')
    expect(onChange).toHaveBeenLastCalledWith({ kind: 'relative', preset: '24h', field: 'created' })
    await userEvent.selectOptions(select, 'Any time')
    expect(onChange).toHaveBeenLastCalledWith({ kind: 'any', field: 'created' })
    await userEvent.click(screen.getByRole('checkbox', { name: 'By last update' }))
    expect(onChange).toHaveBeenLastCalledWith({ kind: 'relative', preset: '1h', field: 'updated' })
  })

  it('takes a custom range and refuses one that is empty or reversed, with a message', async () => {
    const onChange = setUpControl({ kind: 'any', field: 'created' })
    expect(screen.getByRole('checkbox', { name: 'By last update' })).toBeDisabled()
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Time window' }), 'Custom range…')
    const form = screen.getByRole('form', { name: 'Custom time range' })
    const apply = screen.getByRole('button', { name: 'Apply range' })
    await userEvent.click(apply)
    expect(screen.getByRole('alert')).toHaveTextContent('Give a start, an end, or both.')
    const from = screen.getByLabelText('From')
    const to = screen.getByLabelText('To')
    await userEvent.type(from, '2026-11-20T10:00')
    await userEvent.type(to, '2026-11-20T09:00')
    await userEvent.click(apply)
    expect(screen.getByRole('alert')).toHaveTextContent('The start must be before the end.')
    expect(onChange).not.toHaveBeenCalled()
    await userEvent.clear(to)
    await userEvent.click(apply)
    expect(onChange).toHaveBeenCalledWith({
      kind: 'absolute',
      from: new Date('2026-11-20T10:00').getTime(),
      to: null,
      field: 'created',
    })
    expect(form).toBeInTheDocument()
  })

  it('takes and shows a custom range in UTC when the Times setting is UTC, and names the zone', async () => {
    const onChange = vi.fn()
    render(
      <TimeWindowControl
        window={{ kind: 'absolute', from: Date.UTC(2026, 10, 20, 8, 30), to: null, field: 'created' }}
        onChange={onChange}
        utc
      />,
    )
    expect(screen.getByText('Times in UTC (the Times setting).')).toBeInTheDocument()
    const from = screen.getByLabelText('From')
    expect(from).toHaveValue('2026-11-20T08:30')
    expect(from).toHaveAccessibleDescription('Times in UTC (the Times setting).')
    expect(screen.getByText('Now: From 20 Nov 2026, 08:30 UTC to now')).toBeInTheDocument()
    await userEvent.clear(from)
    await userEvent.type(from, '2026-11-20T10:00')
    await userEvent.click(screen.getByRole('button', { name: 'Apply range' }))
    expect(onChange).toHaveBeenCalledWith({
      kind: 'absolute',
      from: Date.UTC(2026, 10, 20, 10, 0),
      to: null,
      field: 'created',
    })
  })

  it('shows a custom window it was given, in words', () => {
    setUpControl({ kind: 'absolute', from: Date.UTC(2026, 10, 20), to: null, field: 'created' })
    expect(screen.getByRole('combobox', { name: 'Time window' })).toHaveValue('custom')
    expect(screen.getByText(/^Now: From .* to now$/)).toBeInTheDocument()
    // Without the UTC setting: this browser's zone, by name.
    expect(
      screen.getByText(`Times in ${Intl.DateTimeFormat().resolvedOptions().timeZone}.`),
    ).toBeInTheDocument()
  })
})
