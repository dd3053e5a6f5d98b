import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import type { DigestAnswer } from '../../api/digest'
import { mswServer, setUpMswServer } from '../../test/mswServer'
import { renderWithProviders } from '../../test/renderWithProviders'
import { SinceLastLooked } from './SinceLastLooked'

setUpMswServer()

const NOW = Date.parse('2026-11-25T12:00:00Z')
const digest = (over: Partial<DigestAnswer> = {}): DigestAnswer => ({
  lastSeenAt: NOW - 2 * 3_600_000,
  generatedAt: NOW,
  awayMs: 60_000,
  newFailures: { count: 14, ids: ['exec-1', 'exec-2'] },
  rescheduledByOthers: { count: 1, records: [{ executionId: 'exec-9', user: 'bob', at: NOW - 300_000 }] },
  longRunning: { count: 0, ids: [], usualMs: null, basis: 3 },
  coverage: { kind: 'exact', asOf: NOW, executions: 2400, calls: 24 },
  ...over,
})

function answer(body: DigestAnswer) {
  const seen: string[] = []
  mswServer.use(
    http.get('*/api/digest', () => HttpResponse.json(body)),
    http.post('*/api/digest/seen', ({ request }) => {
      seen.push(new URL(request.url).search)
      return HttpResponse.json({ seenAt: NOW })
    }),
  )
  return seen
}

const filters = { states: ['started'], metadata: [{ key: 'env', values: ['production'] }] }

function setUp() {
  const onNavigate = vi.fn()
  const onOpenExecution = vi.fn()
  renderWithProviders(
    <SinceLastLooked filters={filters} onNavigate={onNavigate} onOpenExecution={onOpenExecution} />,
  )
  return { onNavigate, onOpenExecution }
}

describe('SinceLastLooked', () => {
  it('shows what changed since the last look, with where it comes from, and records this look', async () => {
    const seen = answer(digest())
    const { onNavigate, onOpenExecution } = setUp()
    const card = await screen.findByRole('region', { name: 'Since you last looked, 2 h ago' })
    expect(card).toHaveTextContent('14 executions failed')
    expect(card).toHaveTextContent('and 12 more')
    expect(card).toHaveTextContent('1 rescheduled by others: bob rescheduled exec-9 5 min ago')
    expect(card).toHaveTextContent('From the dashboard’s index: Exact as of')
    await waitFor(() => expect(seen).toEqual(['?state=started&m.env=production']))

    await userEvent.click(within(card).getByRole('button', { name: 'exec-1' }))
    expect(onOpenExecution).toHaveBeenCalledWith('exec-1')
    await userEvent.click(within(card).getByRole('button', { name: 'Show them in the list' }))
    const [params] = onNavigate.mock.calls[0] as [URLSearchParams]
    expect(params.toString()).toBe(
      'state=failed&m.env=production&from=2026-11-25T10%3A00%3A00.000Z&on=updated',
    )

    await userEvent.click(within(card).getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByRole('region')).not.toBeInTheDocument()
  })

  it('says a count is a lower bound while the index is still counting', async () => {
    answer(digest({ coverage: { kind: 'counting', executions: 900, estimate: null, calls: 9 } }))
    setUp()
    expect(await screen.findByRole('region', { name: /Since you last looked/ })).toHaveTextContent(
      '≥ 14 executions failed',
    )
  })

  it('shows nothing on a first look, after a short absence, or when nothing changed', async () => {
    for (const body of [
      digest({ lastSeenAt: null }),
      digest({ lastSeenAt: NOW - 30_000 }),
      digest({ newFailures: { count: 0, ids: [] }, rescheduledByOthers: { count: 0, records: [] } }),
    ]) {
      const seen = answer(body)
      const { unmount } = renderWithProviders(
        <SinceLastLooked filters={filters} onNavigate={vi.fn()} onOpenExecution={vi.fn()} />,
      )
      await waitFor(() => expect(seen).toHaveLength(1))
      expect(screen.queryByRole('region')).not.toBeInTheDocument()
      unmount()
    }
  })

  it('records the look as the tab is hidden, and asks again when it comes back after a minute away', async () => {
    const gets: number[] = []
    const seen: string[] = []
    mswServer.use(
      http.get('*/api/digest', () => {
        gets.push(1)
        return HttpResponse.json(gets.length === 1 ? digest({ lastSeenAt: null }) : digest())
      }),
      http.post('*/api/digest/seen', ({ request }) => {
        seen.push(request.keepalive ? 'leaving' : 'looking')
        return HttpResponse.json({ seenAt: NOW })
      }),
    )
    setUp()
    await waitFor(() => expect(seen).toEqual(['looking']))
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    const clock = vi.spyOn(Date, 'now')
    clock.mockReturnValue(NOW)
    document.dispatchEvent(new Event('visibilitychange'))
    await waitFor(() => expect(seen).toEqual(['looking', 'leaving']))
    visibility.mockReturnValue('visible')
    clock.mockReturnValue(NOW + 61_000)
    document.dispatchEvent(new Event('visibilitychange'))
    expect(await screen.findByRole('region', { name: /Since you last looked/ })).toHaveTextContent(
      '14 executions failed',
    )
    expect(gets).toHaveLength(2)
    visibility.mockRestore()
    clock.mockRestore()
  })
})
