import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { mswServer, setUpMswServer } from '../../test/mswServer'
import { renderWithProviders } from '../../test/renderWithProviders'
import { Overview } from './Overview'

setUpMswServer()
afterEach(() => window.history.replaceState(null, '', '/'))

const answer = {
  filters: { states: [], metadata: [] },
  window: null,
  undated: 0,
  runningBefore: 0,
  histogram: {
    field: 'created',
    bucketMs: 3_600_000,
    start: 0,
    end: 7_200_000,
    buckets: [
      { start: 0, known: { created: 0, started: 1, succeed: 5, failed: 2 }, other: 0 },
      { start: 3_600_000, known: { created: 1, started: 0, succeed: 3, failed: 0 }, other: 0 },
    ],
  },
  counts: { created: 1, started: 1, succeed: 8, failed: 2 },
  other: {},
  pending: 0,
  total: 12,
  coverage: { kind: 'exact', asOf: 0, executions: 12, calls: 1 },
  notes: { excluded: 0, pending: 0, order: 'created_desc', refreshFailing: null },
  scanner: 'this replica',
  generatedAt: 0,
}

describe('Overview', () => {
  it('asks the server for the view in the URL; a count filters the list, the window and a bar narrow it', async () => {
    const asked: string[] = []
    mswServer.use(
      http.get('*/api/overview', ({ request }) => {
        asked.push(new URL(request.url).search)
        return HttpResponse.json(answer)
      }),
    )
    window.history.replaceState(null, '', '/?m.env=prod')
    renderWithProviders(<Overview />)
    await userEvent.click(await screen.findByRole('button', { name: 'Failed 2' }))
    expect(new URLSearchParams(window.location.search).getAll('state')).toEqual(['failed'])
    expect(asked[0]).toBe('?m.env=prod&histogram=1')

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Time window' }), 'Last hour')
    expect(new URLSearchParams(window.location.search).get('window')).toBe('1h')
    await screen.findByText(/cover last hour/)
    expect(asked.at(-1)).toContain('window=1h')

    const bars = screen.getByRole('toolbar', { name: 'Executions over time' })
    expect(screen.getByRole('table', { name: 'Executions per time bucket and state' })).toBeInTheDocument()
    const [, newest] = within(bars).getAllByRole('button')
    if (!newest) throw new Error('no second bar')
    await userEvent.click(newest)
    const params = new URLSearchParams(window.location.search)
    expect([params.get('from'), params.get('to')]).toEqual([
      '1970-01-01T01:00:00.000Z',
      '1970-01-01T02:00:00.000Z',
    ])
  })

  it('orders the list from the index on the first page, and says where the order comes from', async () => {
    mswServer.use(http.get('*/api/overview', () => HttpResponse.json(answer)))
    window.history.replaceState(null, '', '/?state=failed&after=c2&trail=')
    renderWithProviders(<Overview />)
    const order = await screen.findByRole('combobox', { name: 'Order' })
    await waitFor(() => expect(order).toBeEnabled())
    await userEvent.selectOptions(order, 'Newest updated first')
    expect(window.location.search).toBe('?state=failed&sort=updated')
    await screen.findByText(/comes from the dashboard’s index, newest updated first/)
  })

  it('says when the answer cannot be used, and offers Retry', async () => {
    mswServer.use(http.get('*/api/overview', () => HttpResponse.json({ counts: 'many' })))
    renderWithProviders(<Overview />)
    expect(await screen.findByRole('alert')).toHaveTextContent(/unexpected response/)
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument()
  })
})
