import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderWithProviders } from '../test/renderWithProviders'
import { AutoRefreshSetting, RefreshControls } from './RefreshControls'

afterEach(() => localStorage.clear())

describe('RefreshControls', () => {
  it('shows a poll without announcing it', () => {
    renderWithProviders(<RefreshControls updatedAt={Date.now()} isRefreshing onRefreshNow={() => {}} />)
    expect(screen.getByText('Refreshing…')).toBeVisible()
    // The only live region is the app's announcer, which says nothing.
    expect(screen.getByRole('status')).toHaveTextContent('')
    expect(screen.getByRole('button', { name: 'Refresh now' })).toBeInTheDocument()
  })

  it('says when the rows arrived as a clock time outside Relative mode, with no timer running', () => {
    localStorage.setItem('execution-dashboard:time-mode', 'utc')
    renderWithProviders(
      <RefreshControls
        updatedAt={Date.UTC(2026, 10, 23, 7, 5, 9)}
        isRefreshing={false}
        onRefreshNow={() => {}}
      />,
    )
    expect(screen.getByText('Updated at 07:05:09 UTC')).toBeVisible()
  })

  it('remembers auto-refresh and its interval in this browser', async () => {
    const { default: userEvent } = await import('@testing-library/user-event')
    renderWithProviders(<AutoRefreshSetting />)
    await userEvent.click(screen.getByRole('checkbox', { name: 'Auto-refresh' }))
    expect(localStorage.getItem('execution-dashboard:auto-refresh')).toBe('off')
    expect(screen.getByRole('combobox', { name: 'Every' })).toBeDisabled()
  })
})
