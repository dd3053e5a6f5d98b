import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { executionKeys, patchExecutionInLists } from '../../api'
import { mswServer, setUpMswServer } from '../../test/mswServer'
import { createTestQueryClient, renderWithProviders } from '../../test/renderWithProviders'
import { AttemptsPanel } from './AttemptsPanel'

setUpMswServer()

const attempt = (id: string, state: string, start: string, end: string) => ({
  id,
  state,
  created_at: `2026-11-20T${start}Z`,
  updated_at: `2026-11-20T${end}Z`,
})

function answerAttempts(answer: () => Response) {
  mswServer.use(http.post('*/api/executions/:id/attempts', answer))
}

describe('AttemptsPanel', () => {
  it('shows the attempts, the timeline and the summary from the cached list', async () => {
    answerAttempts(() =>
      HttpResponse.json({
        data: [
          attempt('a2', 'succeed', '10:10:00', '10:12:00'),
          attempt('a1', 'failed', '10:00:00', '10:05:00'),
        ],
        page_info: { has_next_page: false },
      }),
    )
    const queryClient = createTestQueryClient()
    queryClient.setQueryData(executionKeys.list({ first: 20 }), {
      data: [
        {
          id: 'e1',
          state: 'succeed',
          created_at: '2026-11-20T10:00:00Z',
          updated_at: '2026-11-20T10:12:00Z',
        },
      ],
      page_info: {},
    })
    renderWithProviders(<AttemptsPanel executionId="e1" onClose={() => {}} />, queryClient)
    const table = await screen.findByRole('table', { name: 'Attempts of e1' })
    expect(table).toHaveTextContent('a1')
    expect(table).toHaveTextContent('a2')
    // The summary comes from the cached list page: a final state and a duration, not "so far".
    expect(screen.getAllByText('Duration').length).toBeGreaterThan(0)
    expect(screen.queryByText(/so far/)).not.toBeInTheDocument()
  })

  it('after a reschedule says the re-run waits, never a duration counted from the old attempts', async () => {
    answerAttempts(() =>
      HttpResponse.json({ data: [attempt('a1', 'failed', '10:00:00', '10:05:00')], page_info: {} }),
    )
    const queryClient = createTestQueryClient()
    queryClient.setQueryData(executionKeys.list({ first: 20 }), {
      data: [
        {
          id: 'e1',
          state: 'failed',
          created_at: '2026-11-20T10:00:00Z',
          updated_at: '2026-11-20T10:05:00Z',
          metadata: { env: 'prod' },
        },
      ],
      page_info: {},
    })
    patchExecutionInLists(queryClient, {
      id: 'e1',
      state: 'created',
      created_at: '2026-11-20T10:00:00Z',
      updated_at: '2026-11-24T10:00:00Z',
    })
    renderWithProviders(<AttemptsPanel executionId="e1" onClose={() => {}} />, queryClient)
    await screen.findByRole('table', { name: 'Attempts of e1' })
    expect(screen.getByText(/^re-run requested (just now|\d+ s ago), waiting to start$/)).toBeInTheDocument()
    expect(screen.getByText('env=prod')).toBeInTheDocument()
    expect(screen.queryByText(/so far/)).not.toBeInTheDocument()
  })

  it('says the execution is not found in the API when its attempts answer 404, once, and stops looking for it', async () => {
    answerAttempts(() => HttpResponse.json({ message: 'Execution gone not found' }, { status: 404 }))
    renderWithProviders(
      <AttemptsPanel executionId="gone" onClose={() => {}} filters={{ states: ['failed'], metadata: [] }} />,
    )
    expect(
      await screen.findByRole('heading', { name: 'Execution gone not found in the API' }),
    ).toBeInTheDocument()
    expect(screen.queryByText(/Not on the loaded pages/)).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Search/ })).not.toBeInTheDocument()
  })

  it('offers the first page, not a Retry that cannot work, when the API refuses a page’s cursor', async () => {
    const afters: unknown[] = []
    mswServer.use(
      http.post('*/api/executions/:id/attempts', async ({ request }) => {
        const body = (await request.json()) as { page?: { after?: string } }
        afters.push(body.page?.after ?? null)
        return body.page?.after
          ? HttpResponse.json({ message: 'page.after: is not a valid cursor' }, { status: 400 })
          : HttpResponse.json({ data: [attempt('a1', 'failed', '10:00:00', '10:05:00')], page_info: {} })
      }),
    )
    window.history.replaceState(null, '', '/?execution=e1&a.after=zzz')
    renderWithProviders(<AttemptsPanel executionId="e1" onClose={() => {}} />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The API refused this page’s cursor')
    expect(alert).toHaveTextContent('page.after: is not a valid cursor')
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Back to the first page' }))
    expect(window.location.search).toBe('?execution=e1')
    expect(await screen.findByRole('table', { name: 'Attempts of e1' })).toHaveTextContent('a1')
    expect(afters).toEqual(['zzz', null])
    window.history.replaceState(null, '', '/')
  })

  it('closes on Escape', async () => {
    answerAttempts(() => HttpResponse.json({ data: [], page_info: {} }))
    const onClose = vi.fn()
    renderWithProviders(<AttemptsPanel executionId="e1" onClose={onClose} />)
    await screen.findByRole('heading', { name: 'No attempts yet' })
    await userEvent.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalled()
  })
})
