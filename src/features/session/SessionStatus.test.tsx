import { useQuery } from '@tanstack/react-query'
import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { useState } from 'react'
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

/** A list on screen whose call fails as `error` says (or answers, when null). */
function List({ error }: { error: ApiError | null }) {
  const [params] = useState({ first: 20, after: null, states: [], metadata: [] })
  // A list's own key: what the header reads. The answer is the test's, not a function of the key.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  useQuery({
    queryKey: executionKeys.list(params),
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
          error={new ApiError({ kind: 'http', status: 504, message: 'The API did not answer in time.' })}
        />
      </>,
    )
    expect(await screen.findByText('API unreachable')).toBeInTheDocument()
    expect(screen.queryByText(/^Connected to/)).not.toBeInTheDocument()
  })

  it('says Not signed in on the sign-in screen', async () => {
    mswServer.use(session('sign-in', false))
    renderWithProviders(<SessionStatus />)
    expect(await screen.findByText('Not signed in')).toBeInTheDocument()
    expect(screen.queryByText(/^Connected to/)).not.toBeInTheDocument()
  })
})
