import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { mswServer, setUpMswServer } from '../../test/mswServer'
import { renderWithProviders } from '../../test/renderWithProviders'
import { RescheduleButton } from './RescheduleButton'
import { RescheduleProvider } from './RescheduleProvider'

setUpMswServer()

const execution = {
  id: 'e1',
  state: 'failed',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:05:00Z',
}
const REASON = 'vera is a viewer on this dashboard (DASHBOARD_VIEWERS): looking only.'

describe('a viewer', () => {
  it('sees Reschedule disabled with the reason, and it opens nothing', async () => {
    mswServer.use(
      http.get('*/api/whoami', () =>
        HttpResponse.json({
          user: 'vera',
          via: 'proxy header',
          role: 'viewer',
          refusal: REASON,
          audited: true,
        }),
      ),
    )
    renderWithProviders(
      <RescheduleProvider onOpenExecution={() => {}} onRestoreFocus={() => {}}>
        <RescheduleButton execution={execution} />
      </RescheduleProvider>,
    )
    const button = screen.getByRole('button', { name: 'Reschedule e1' })
    await expect.poll(() => button.getAttribute('aria-disabled')).toBe('true')
    expect(button).toHaveAttribute('title', REASON)
    await userEvent.click(button)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
