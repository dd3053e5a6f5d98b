import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { executionKeys } from '../../api'
import { installFakeApi, specPage, type FakeApi, type InstalledFakeApi } from '../../test/fakeApi'
import { http, HttpResponse } from 'msw'
import { mswServer, setUpMswServer } from '../../test/mswServer'
import { createTestQueryClient, renderWithProviders } from '../../test/renderWithProviders'
import { wholeText } from '../../test/wholeText'
import { RescheduleButton } from './RescheduleButton'
import { RescheduleProvider } from './RescheduleProvider'

const execution = {
  id: 'a/b',
  state: 'failed',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:05:00Z',
}
setUpMswServer()
let api: InstalledFakeApi | null = null
const onOpenExecution = vi.fn<(id: string) => void>()

afterEach(() => {
  api?.restore()
  onOpenExecution.mockReset()
})

function renderButton(fake: FakeApi) {
  api = installFakeApi(fake)
  const client = createTestQueryClient()
  // A cached list page, so the invalidation after a reschedule has something to refetch.
  client.setQueryData(executionKeys.list({ first: 20 }), specPage([execution]))
  renderWithProviders(
    <RescheduleProvider onOpenExecution={onOpenExecution} onRestoreFocus={() => {}}>
      <RescheduleButton execution={execution} />
    </RescheduleProvider>,
    client,
  )
  return api
}

const patches = () => api?.requests.filter((request) => request.method === 'PATCH') ?? []
/** Opens the confirmation and waits for it (its markup loads lazily). */
const openDialog = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Reschedule a/b' }))
  await screen.findByRole('dialog')
}
const confirmButton = () => screen.getByRole('button', { name: 'Reschedule' })

describe('RescheduleButton', () => {
  it('says who rescheduled the execution in the last hour, from the trail, whoever and wherever they were', async () => {
    const record = (executionId: string, user: string, outcome: string, ago: number) => ({
      id: `${executionId}-${outcome}`,
      at: Date.now() - ago,
      user,
      via: 'proxy header',
      executionId,
      bulkRun: null,
      requestId: 'r1',
      outcome,
      status: 200,
      resultState: null,
      detail: null,
    })
    let asked = ''
    mswServer.use(
      http.get('*/api/audit', ({ request }) => {
        asked = new URL(request.url).search
        return HttpResponse.json({
          data: [
            record('other', 'carol', 'refused_by_api', 60_000),
            record('a/b', 'alice.operator@example.com (token 0123456789ab)', 'rescheduled', 300_000),
          ],
          page_info: { has_next_page: false, end_cursor: null },
        })
      }),
    )
    renderWithProviders(
      <RescheduleProvider onOpenExecution={onOpenExecution} onRestoreFocus={() => {}}>
        <RescheduleButton execution={execution} />
        <RescheduleButton execution={{ ...execution, id: 'other' }} />
      </RescheduleProvider>,
    )
    const button = await screen.findByRole('button', { name: 'Reschedule a/b again' })
    expect(button).toHaveTextContent(/^Rescheduled by alice\.operator@ex… · 5 min ago$/)
    expect(button).toHaveAttribute('title', 'Rescheduled by alice.operator@example.com (token 0123456789ab)')
    // A refusal did nothing: that row still offers a plain Reschedule.
    expect(screen.getByRole('button', { name: 'Reschedule other' })).toHaveTextContent(/^Reschedule$/)
    expect(new URLSearchParams(asked).get('size')).toBe('200')
  })

  it('confirms first, then sends one PATCH however often confirm is pressed', async () => {
    let answer: () => void = () => {}
    renderButton(({ method }) =>
      method === 'PATCH'
        ? new Promise(
            (resolve) =>
              (answer = () => resolve({ status: 200, body: { data: { ...execution, state: 'created' } } })),
          )
        : { status: 200, body: specPage([]) },
    )
    await openDialog()
    expect(screen.getByRole('dialog', { name: 'Reschedule a/b?' })).toHaveTextContent('is currently Failed.')
    expect(patches()).toHaveLength(0)
    const confirm = confirmButton()
    await userEvent.dblClick(confirm)
    await userEvent.click(confirm)
    expect(patches()).toHaveLength(1)
    expect(patches()[0]?.path).toBe('/executions/a%2Fb/schedule')
    await screen.findByRole('button', { name: 'Rescheduling…' })
    answer()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByText(/the API says its state is now Created/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reschedule a/b again' })).toHaveTextContent(/^Rescheduled · /)
  })

  it('ignores a held Enter: key repeats neither confirm nor reopen', async () => {
    renderButton(({ method }) => (method === 'PATCH' ? { status: 204 } : { status: 200, body: specPage([]) }))
    await openDialog()
    expect(fireEvent.keyDown(confirmButton(), { key: 'Enter', repeat: true })).toBe(false)
    expect(patches()).toHaveLength(0)
    await userEvent.click(confirmButton())
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const again = screen.getByRole('button', { name: 'Reschedule a/b again' })
    expect(fireEvent.keyDown(again, { key: 'Enter', repeat: true })).toBe(false)
    expect(patches()).toHaveLength(1)
  })

  it('closes on the PATCH answer without waiting for the refetch it starts', async () => {
    renderButton(({ method }) =>
      method === 'PATCH' ? { status: 202, body: { queued: true } } : new Promise(() => {}),
    )
    await openDialog()
    await userEvent.click(confirmButton())
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(
      screen.getByText(wholeText('Reschedule of a/b requested: accepted by the API; it may take a moment.')),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reschedule a/b again' })).toHaveTextContent(
      /Requested, waiting for the API/,
    )
    expect(patches()).toHaveLength(1)
  })

  it('confirms with both ids when the answer names a new execution, and offers to open it', async () => {
    renderButton(({ method }) =>
      method === 'PATCH'
        ? { status: 200, body: { data: { ...execution, id: 'a/b-2', state: 'created' } } }
        : { status: 200, body: specPage([]) },
    )
    await openDialog()
    await userEvent.click(confirmButton())
    expect(
      await screen.findByText(wholeText('Execution a/b was rescheduled as a new execution, a/b-2.')),
    ).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Open a/b-2' }))
    expect(onOpenExecution).toHaveBeenCalledWith('a/b-2')
    expect(patches()).toHaveLength(1)
  })

  it('shows the server reason in the dialog and does not retry', async () => {
    renderButton(() => ({
      status: 409,
      body: { error: { code: 'conflict', message: 'Locked by a deployment' } },
    }))
    await openDialog()
    await userEvent.click(confirmButton())
    expect(await screen.findByRole('alert')).toHaveTextContent('Rescheduling failed: Locked by a deployment')
    expect(patches()).toHaveLength(1)
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('says the outcome is unknown after a 5xx and offers no second PATCH', async () => {
    renderButton(({ method }) =>
      method === 'PATCH'
        ? { status: 502, body: { message: 'bad gateway' } }
        : { status: 200, body: specPage([]) },
    )
    await openDialog()
    await userEvent.click(confirmButton())
    expect(await screen.findByRole('alert')).toHaveTextContent('The outcome is unknown')
    expect(screen.queryByRole('button', { name: 'Reschedule' })).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.getByRole('button', { name: 'Reschedule a/b again' })).toHaveTextContent(/Outcome unknown/)
    expect(patches()).toHaveLength(1)
  })
})
