import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AnnouncerProvider } from '../../components/Announcer'
import { RescheduleButton } from './RescheduleButton'

const execution = {
  id: 'a/b',
  state: 'failed',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:05:00Z',
}
const fetchMock = vi.fn<typeof fetch>()

function renderButton() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <AnnouncerProvider>
        <RescheduleButton execution={execution} />
      </AnnouncerProvider>
    </QueryClientProvider>,
  )
}

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => vi.unstubAllGlobals())

describe('RescheduleButton', () => {
  it('confirms first, then sends one PATCH however often confirm is pressed', async () => {
    let answer: (response: Response) => void = () => {}
    fetchMock.mockImplementation(() => new Promise((resolve) => (answer = resolve)))
    renderButton()
    await userEvent.click(screen.getByRole('button', { name: 'Reschedule a/b' }))
    const dialog = screen.getByRole('dialog', { name: 'Reschedule a/b?' })
    expect(dialog).toHaveTextContent('is currently Failed. It will be scheduled to run again.')
    expect(fetchMock).not.toHaveBeenCalled()

    const confirm = screen.getByRole('button', { name: 'Reschedule' })
    await userEvent.dblClick(confirm)
    await userEvent.click(confirm)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/executions/a%2Fb/schedule')
    await screen.findByRole('button', { name: 'Rescheduling…' })

    answer(
      new Response(JSON.stringify({ data: { ...execution, state: 'created' } }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    )
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByRole('status')).toHaveTextContent('Execution a/b rescheduled; state is now created')
  })

  it('shows the server reason in the dialog and does not retry', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: { code: 'conflict', message: 'Locked by a deployment' } }), {
        status: 409,
        headers: { 'Content-Type': 'application/json' },
      }),
    )
    renderButton()
    await userEvent.click(screen.getByRole('button', { name: 'Reschedule a/b' }))
    await userEvent.click(screen.getByRole('button', { name: 'Reschedule' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Rescheduling failed: Locked by a deployment')
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
