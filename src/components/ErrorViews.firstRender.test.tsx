import { screen } from '@testing-library/react'
import { expect, it } from 'vitest'
import { ApiError } from '../api'
import { renderWithProviders } from '../test/renderWithProviders'
import { RetryNotice } from './ErrorViews'

// A file of its own: the countdown's part, once imported by another test, would already be there.
it('says a retry is pending from the first render, before the countdown’s part has loaded', () => {
  const failed = new ApiError({ kind: 'http', status: 504, message: 'timed out' })
  renderWithProviders(<RetryNotice failureReason={failed} failureCount={1} isFetching />)
  // Synchronously: the part is imported on first use and cannot have arrived yet.
  const notice = screen.getByText('The request failed (HTTP 504); retrying (attempt 2)…')
  expect(notice).toBeVisible()
  // Styled as the countdown will be, once its styles load with it.
  expect(notice).toHaveClass('retry-notice')
})
