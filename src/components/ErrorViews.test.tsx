import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../api'
import { renderWithProviders } from '../test/renderWithProviders'
import { ApiErrorPanel, RetryNotice } from './ErrorViews'

describe('error views', () => {
  it('describe a failed call in words, with its status for operators', async () => {
    const error = new ApiError({ kind: 'http', status: 403, message: 'scope missing' })
    const onRetry = vi.fn()
    renderWithProviders(<ApiErrorPanel title="Could not load" error={error} onRetry={onRetry} />)
    expect(
      await screen.findByText('You do not have permission for this operation. scope missing'),
    ).toBeVisible()
    expect(screen.getByText('HTTP 403')).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(onRetry).toHaveBeenCalled()
  })

  it('count down to a retry that is pending, and say nothing otherwise', async () => {
    const rateLimited = new ApiError({ kind: 'http', status: 429, message: 'slow', retryAfterSeconds: 30 })
    const { rerender } = renderWithProviders(
      <RetryNotice failureReason={rateLimited} failureCount={1} isFetching />,
    )
    expect(await screen.findByText(/^Rate limited; retrying in (30|29) s$/)).toBeVisible()
    const failed = new ApiError({ kind: 'http', status: 502, message: 'bad gateway' })
    rerender(<RetryNotice failureReason={failed} failureCount={2} isFetching />)
    expect(
      await screen.findByText(/^The request failed \(HTTP 502\); retrying in \d s \(attempt 3\)…$/),
    ).toBeVisible()
    rerender(<RetryNotice failureReason={failed} failureCount={2} isFetching={false} />)
    expect(screen.queryByText(/retrying/)).not.toBeInTheDocument()
  })
})
