import { useQuery } from '@tanstack/react-query'
import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api'
import { executionKeys } from '../../api/queryKeys'
import { mswServer, setUpMswServer } from '../../test/mswServer'
import { renderWithProviders } from '../../test/renderWithProviders'
import { SessionStatus } from './SessionStatus'

setUpMswServer()

const API = 'http://api.example/v2'
const session = (mode: 'server-token' | 'sign-in', signedIn: boolean) =>
  http.get('*/api/session', () => HttpResponse.json({ mode, api: API, signedIn }))

const LIST_KEY = executionKeys.list({ first: 20, after: null, states: [], metadata: [] })

/** A list on screen whose call fails as `error` says (or answers, when null). */
function List({ error }: { error: ApiError | null }) {
  // A list's own key: what the header reads. The answer is the test's, not a function of the key.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  useQuery({
    queryKey: LIST_KEY,
    queryFn: () => (error ? Promise.reject(error) : Promise.resolve({ data: [] })),
    retry: false,
  })
  return null
}

describe('SessionStatus', () => {
  it('says Connected while the list answers', async () => {
    mswServer.use(session('server-token', false))
    renderWithProviders(
      <>
        <SessionStatus />
        <List error={null} />
      </>,
    )
    expect(await screen.findByText(/^Connected to/)).toHaveTextContent(
      `Connected to ${API} with the server’s token`,
    )
  })

  it('says API unreachable when the list gets no answer, not "Connected"', async () => {
    mswServer.use(session('server-token', false))
    renderWithProviders(
      <>
        <SessionStatus />
        <List
          error={
            new ApiError({
              kind: 'http',
              status: 504,
              code: 'upstream_timeout',
              origin: 'dashboard',
              message: 'The API did not answer in time.',
            })
          }
        />
      </>,
    )
    expect(await screen.findByText('API unreachable')).toBeInTheDocument()
    expect(screen.queryByText(/^Connected to/)).not.toBeInTheDocument()
  })

  it('does not say API unreachable when the API itself answers 503', async () => {
    mswServer.use(session('server-token', false))
    const { queryClient } = renderWithProviders(
      <>
        <SessionStatus />
        <List error={new ApiError({ kind: 'http', status: 503, message: 'maintenance' })} />
      </>,
    )
    await waitFor(() => expect(queryClient.getQueryState(LIST_KEY)?.status).toBe('error'))
    expect(await screen.findByText(/^Connected to/)).toBeInTheDocument()
    expect(screen.queryByText('API unreachable')).not.toBeInTheDocument()
  })

  it('says Not signed in on the sign-in screen', async () => {
    mswServer.use(session('sign-in', false))
    renderWithProviders(<SessionStatus />)
    expect(await screen.findByText('Not signed in')).toBeInTheDocument()
    expect(screen.queryByText(/^Connected to/)).not.toBeInTheDocument()
  })
})
