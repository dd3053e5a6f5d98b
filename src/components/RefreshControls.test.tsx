import { render, screen } from '@testing-library/react'
import { RefreshSettingsProvider } from './RefreshSettings'
import { describe, expect, it } from 'vitest'
import { RefreshControls } from './RefreshControls'

describe('RefreshControls', () => {
  it('shows a poll without announcing it', () => {
    render(
      <RefreshSettingsProvider>
        <RefreshControls updatedAt={Date.now()} isRefreshing onRefreshNow={() => {}} />
      </RefreshSettingsProvider>,
    )
    expect(screen.getByText('Refreshing…')).toBeVisible()
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Refresh now' })).toBeInTheDocument()
  })
})
