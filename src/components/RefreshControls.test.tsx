import { render, screen } from '@testing-library/react'
import { RefreshSettingsProvider } from './RefreshSettings'
import { describe, expect, it } from 'vitest'
import { RefreshControls } from './RefreshControls'
import { TimeDisplayProvider } from './TimeDisplay'

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

  it('says when the rows arrived as a clock time outside Relative mode, with no timer running', () => {
    localStorage.setItem('execution-dashboard:time-mode', 'utc')
    try {
      render(
        <TimeDisplayProvider>
          <RefreshSettingsProvider>
            <RefreshControls
              updatedAt={Date.UTC(2026, 10, 23, 7, 5, 9)}
              isRefreshing={false}
              onRefreshNow={() => {}}
            />
          </RefreshSettingsProvider>
        </TimeDisplayProvider>,
      )
      expect(screen.getByText('Updated at 07:05:09 UTC')).toBeVisible()
    } finally {
      localStorage.clear()
    }
  })
})
