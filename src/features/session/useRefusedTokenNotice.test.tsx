import { act, renderHook } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { sessionKeys } from '../../api'
import { ApiError } from '../../api/apiError'
import { createTestQueryClient } from '../../test/renderWithProviders'
import { useRefusedTokenNotice } from './useRefusedTokenNotice'

const refusal = (code: string, message: string) =>
  new ApiError({ kind: 'http', status: 401, code, message, origin: 'dashboard' })

describe('a refused token', () => {
  it('says so once: the calls that fail after the first refusal do not replace its words', async () => {
    const client = createTestQueryClient()
    client.setQueryData(sessionKeys.all, { mode: 'sign-in', api: 'x', signedIn: true, demo: false })
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    )
    const { result } = renderHook(() => useRefusedTokenNotice(), { wrapper })
    const fail = (key: string, error: ApiError) =>
      client.query({ queryKey: [key], queryFn: () => Promise.reject(error) }).catch(() => {})
    await act(() => fail('list', refusal('session_refused', 'The API refused your token. Sign in again.')))
    await act(() => fail('overview', refusal('session_expired', 'Your session has ended; sign in again.')))
    expect(result.current[0]).toBe('The API refused your token. Sign in again.')
    expect(client.getQueryData<{ signedIn: boolean }>(sessionKeys.all)?.signedIn).toBe(false)
  })

  it('tells a signed-in tab whose cookie is gone that its session ended, not that it never signed in', async () => {
    const client = createTestQueryClient()
    client.setQueryData(sessionKeys.all, { mode: 'sign-in', api: 'x', signedIn: true, demo: false })
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    )
    const { result } = renderHook(() => useRefusedTokenNotice(), { wrapper })
    const error = refusal('not_signed_in', 'You are not signed in (this request carried no session cookie).')
    await act(() =>
      client.query({ queryKey: ['list'], queryFn: () => Promise.reject(error) }).catch(() => {}),
    )
    expect(result.current[0]).toBe('Your session has ended; sign in again.')
    expect(client.getQueryData<{ signedIn: boolean }>(sessionKeys.all)?.signedIn).toBe(false)
  })
})
