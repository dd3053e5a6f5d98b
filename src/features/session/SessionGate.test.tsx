import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { mswServer, setUpMswServer } from '../../test/mswServer'
import { renderWithProviders } from '../../test/renderWithProviders'
import { SessionGate } from './SessionGate'

setUpMswServer()

const session = (signedIn: boolean, extra: object = {}) => ({
  mode: 'sign-in',
  api: 'https://api.example/v2',
  signedIn,
  demo: false,
  ...extra,
})

describe('SessionGate', () => {
  it('shows the dashboard once the server says the user is signed in', async () => {
    mswServer.use(http.get('*/api/session', () => HttpResponse.json(session(true))))
    renderWithProviders(<SessionGate>the dashboard</SessionGate>)
    expect(await screen.findByText('the dashboard')).toBeInTheDocument()
  })

  it('returns to sign-in with a notice when the session ended, then lets the user back in', async () => {
    mswServer.use(
      http.get('*/api/session', () => HttpResponse.json(session(false, { sessionEnded: true }))),
      http.post('*/api/session', () => HttpResponse.json(session(true))),
    )
    renderWithProviders(<SessionGate>the dashboard</SessionGate>)
    const form = await screen.findByRole('form', { name: 'Sign in' })
    expect(screen.getByRole('alert')).toHaveTextContent('Your session has ended; sign in again.')
    await userEvent.type(screen.getByLabelText('API token'), 'a-token{Enter}')
    expect(await screen.findByText('the dashboard')).toBeInTheDocument()
    expect(form).not.toBeInTheDocument()
  })

  it('says when the dashboard server does not answer, with Retry', async () => {
    mswServer.use(http.get('*/api/session', () => HttpResponse.error()))
    renderWithProviders(<SessionGate>the dashboard</SessionGate>)
    expect(
      await screen.findByRole('heading', { name: 'The dashboard server did not answer' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
  })
})
