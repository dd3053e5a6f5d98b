import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { mswServer, setUpMswServer } from '../test/mswServer'
import { renderWithProviders } from '../test/renderWithProviders'
import { Dashboard } from './Dashboard'

setUpMswServer()
afterEach(() => window.history.replaceState(null, '', '/'))

const execution = {
  id: 'e1',
  state: 'failed',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:05:00Z',
}

describe('Dashboard', () => {
  it('composes the list, the attempts panel of the opened row and its Reschedule action', async () => {
    mswServer.use(
      http.post('*/api/executions', () => HttpResponse.json({ data: [execution], page_info: {} })),
      http.post('*/api/executions/e1/attempts', () => HttpResponse.json({ data: [], page_info: {} })),
      http.get('*/api/overview', () =>
        HttpResponse.json(
          { error: { code: 'index_unavailable', message: 'The index is off.' } },
          { status: 503 },
        ),
      ),
    )
    renderWithProviders(<Dashboard />)
    await userEvent.click(await screen.findByRole('row', { name: 'Execution e1' }))
    expect(window.location.search).toBe('?execution=e1')
    const heading = await screen.findByRole('heading', { name: 'Attempts of e1' })
    expect(heading).toBeInTheDocument()
    // The row and the panel both offer the one app-level reschedule dialog (their buttons come with the tools'
    // chunk: wait for it).
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Reschedule e1' })).toHaveLength(2))
    await userEvent.click(screen.getByRole('button', { name: /Close/ }))
    expect(window.location.search).toBe('')
  })
})
