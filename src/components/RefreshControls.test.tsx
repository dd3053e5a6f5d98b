import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { RefreshControls } from './RefreshControls'

describe('RefreshControls', () => {
  it('shows a poll without announcing it', () => {
    render(<RefreshControls updatedAt={Date.now()} isRefreshing onRefreshNow={() => {}} />)
    expect(screen.getByText('Refreshing…')).toBeVisible()
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Refresh now' })).toBeInTheDocument()
  })
})
