import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { executionKeys } from '../api'
import { createClientStore } from '../lib/clientStore'
import { mswServer, setUpMswServer } from '../test/mswServer'
import { createTestQueryClient, renderWithProviders } from '../test/renderWithProviders'
import { App } from './App'

setUpMswServer()
afterEach(() => {
  window.history.replaceState(null, '', '/')
  localStorage.clear()
})

const execution = (id: string, state = 'failed') => ({
  id,
  state,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:05:00Z',
})

/** The dashboard's server in sign-in mode, with whoever signs in seeing the same two executions. */
function signInServer() {
  let signedIn = false
  const calls = { listedSignedOut: 0, hang: false, stopped: 0, stoppedBeforeSignOut: 0 }
  const session = () => ({ mode: 'sign-in', api: 'https://api.example/v2', signedIn })
  mswServer.use(
    http.get('*/api/session', () => HttpResponse.json(session())),
    http.post('*/api/session', () => {
      signedIn = true
      return HttpResponse.json(session())
    }),
    http.delete('*/api/session', () => {
      calls.stoppedBeforeSignOut = calls.stopped
      signedIn = false
      return HttpResponse.json(session())
    }),
    http.post('*/api/executions', ({ request }) => {
      if (calls.hang)
        return new Promise<Response>((resolve) =>
          request.signal.addEventListener('abort', () => {
            calls.stopped += 1
            resolve(HttpResponse.error())
          }),
        )
      if (!signedIn) {
        calls.listedSignedOut += 1
        return HttpResponse.json(
          { error: { code: 'session_expired', message: 'Your session has ended; sign in again.' } },
          { status: 401 },
        )
      }
      return HttpResponse.json({
        data: [execution('e1'), execution('e2')],
        page_info: { has_next_page: false },
      })
    }),
    http.patch('*/api/executions/:id/schedule', ({ params }) =>
      HttpResponse.json({
        data: { ...execution(String(params.id), 'created'), updated_at: '2026-11-20T11:00:00Z' },
      }),
    ),
  )
  return calls
}

async function signInAs(token: string) {
  const form = await screen.findByRole('form', { name: 'Sign in' })
  await userEvent.type(within(form).getByLabelText('API token'), `${token}{Enter}`)
  await screen.findByRole('row', { name: 'Execution e1' })
}

describe('switching users', () => {
  it('leaves nothing of the first user’s session to the next: selection, reschedules, answers', async () => {
    signInServer()
    const queryClient = createTestQueryClient()
    const store = createClientStore()
    renderWithProviders(<App />, queryClient, store)

    await signInAs('first-user-token')
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select e2' }))
    expect(await screen.findByText('1 selected')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Reschedule e1' }))
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reschedule' }),
    )
    expect(await screen.findByRole('button', { name: 'Reschedule e1 again' })).toHaveTextContent(
      /^Rescheduled · /,
    )
    expect(queryClient.getQueryData(executionKeys.detail('e1'))).toBeDefined()

    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }))
    await signInAs('second-user-token')

    expect(screen.queryByText(/selected/)).not.toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'Select e2' })).not.toBeChecked()
    expect(screen.getByRole('button', { name: 'Reschedule e1' })).toHaveTextContent(/^Reschedule$/)
    expect(queryClient.getQueryData(executionKeys.detail('e1'))).toBeUndefined()
    expect(queryClient.getMutationCache().getAll()).toEqual([])
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument()
  })

  it('signing out asks nothing more as the signed-out user, and does not say the session ended', async () => {
    const calls = signInServer()
    renderWithProviders(<App />, createTestQueryClient(), createClientStore())
    await signInAs('first-user-token')
    expect(await screen.findByText(/^You:/)).toBeInTheDocument()
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }))
    const form = await screen.findByRole('form', { name: 'Sign in' })
    expect(calls.listedSignedOut).toBe(0)
    expect(form).not.toHaveTextContent('session has ended')
    // The header names no one once no one is signed in.
    expect(screen.getByText('Not signed in')).toBeInTheDocument()
    expect(screen.queryByText(/^You:/)).not.toBeInTheDocument()
  })

  it('signing out stops the session’s reads on their way before it asks the server', async () => {
    const calls = signInServer()
    renderWithProviders(<App />, createTestQueryClient(), createClientStore())
    await signInAs('first-user-token')
    calls.hang = true
    await userEvent.click(screen.getByRole('button', { name: 'Refresh now' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }))
    await screen.findByRole('form', { name: 'Sign in' })
    // Stopped first: a browser has a few connections to the server, and reads held there must not hold sign-out.
    expect(calls.stoppedBeforeSignOut).toBeGreaterThan(0)
  })

  it('keeps this browser’s preferences across users', async () => {
    signInServer()
    const store = createClientStore()
    localStorage.setItem('execution-dashboard:time-mode', 'utc')
    renderWithProviders(<App />, createTestQueryClient(), store)
    await signInAs('first-user-token')
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }))
    await signInAs('second-user-token')
    await userEvent.click(await screen.findByRole('button', { name: 'Display…' }))
    expect(await screen.findByRole('combobox', { name: 'Times' })).toHaveValue('utc')
  })
})
