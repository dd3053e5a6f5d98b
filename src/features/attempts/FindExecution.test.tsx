import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { executionKeys } from '../../api'
import { mswServer, setUpMswServer } from '../../test/mswServer'
import { renderWithProviders } from '../../test/renderWithProviders'
import { FindExecution } from './FindExecution'

setUpMswServer()

const row = (id: string) => ({
  id,
  state: 'failed',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:05:00Z',
})

/** Pages of two rows: e0 e1 | e2 e3 | … up to `total` rows; `hold` keeps page 2 waiting. */
function answerPages(total: number, bodies: unknown[] = [], hold?: Promise<void>) {
  mswServer.use(
    http.post('*/api/executions', async ({ request }) => {
      const body = (await request.json()) as { page: { after?: string } }
      bodies.push(body)
      const start = Number(body.page.after ?? 0)
      if (start > 0 && hold) await hold
      const ids = Array.from(
        { length: Math.max(0, Math.min(2, total - start)) },
        (_, index) => `e${start + index}`,
      )
      return HttpResponse.json({
        data: ids.map(row),
        page_info: { has_next_page: start + 2 < total, end_cursor: String(start + 2) },
      })
    }),
  )
  return bodies
}

const filters = { states: ['failed'], metadata: [] }
const status = () => within(screen.getByRole('definition')).getByRole('status')

describe('FindExecution', () => {
  it('pages through the filtered list until the id turns up, and caches it as found by search', async () => {
    const bodies = answerPages(10)
    const { queryClient } = renderWithProviders(
      <dl>
        <FindExecution id="e3" filters={filters} />
      </dl>,
    )
    await waitFor(() => expect(status()).toHaveTextContent('Found on page 2 of the list.'))
    expect(bodies).toEqual([
      { page: { first: 100 }, filters: { states: ['failed'] } },
      { page: { first: 100, after: '2' }, filters: { states: ['failed'] } },
    ])
    expect(queryClient.getQueryData(executionKeys.detail('e3'))).toMatchObject({
      execution: { id: 'e3' },
      source: 'list search',
    })
  })

  it('says plainly when the whole list was searched', async () => {
    answerPages(4)
    renderWithProviders(
      <dl>
        <FindExecution id="missing" filters={filters} />
      </dl>,
    )
    await waitFor(() =>
      expect(status()).toHaveTextContent(
        'Not in the list with the current filters (searched all 2 pages, 4 rows).',
      ),
    )
    expect(screen.getByRole('button', { name: 'Search again' })).toBeInTheDocument()
  })

  it('stops at 20 pages and says what it read: an API that gives 2 rows of the 100 asked is not 2,000 rows', async () => {
    const bodies = answerPages(1000)
    renderWithProviders(
      <dl>
        <FindExecution id="missing" filters={filters} />
      </dl>,
    )
    await waitFor(() =>
      expect(status()).toHaveTextContent(
        /^Not in the 20 pages, 40 rows searched with the current filters \(the search reads at most 20 pages\); it may be further down\.$/,
      ),
    )
    expect(bodies).toHaveLength(20)
  })

  it('waits for the user without filters, and Stop stops', async () => {
    let release = () => {}
    answerPages(10, [], new Promise<void>((resolve) => (release = resolve)))
    renderWithProviders(
      <dl>
        <FindExecution id="missing" />
      </dl>,
    )
    await waitFor(() =>
      expect(status()).toHaveTextContent('Not on the loaded pages; the API offers no lookup by id.'),
    )
    await userEvent.click(screen.getByRole('button', { name: 'Search the list' }))
    await waitFor(() => expect(status()).toHaveTextContent('Searching the list: page 2…'))
    await userEvent.click(screen.getByRole('button', { name: 'Stop searching' }))
    await waitFor(() => expect(status()).toHaveTextContent('Search stopped after 1 page; not found so far.'))
    release()
  })

  it('takes the execution from the dashboard’s index when it has it, without searching the list', async () => {
    const bodies = answerPages(10)
    mswServer.use(
      http.get('*/api/index/execution', ({ request }) =>
        HttpResponse.json({
          data: row(new URL(request.url).searchParams.get('id') ?? ''),
          seen_at: 1_700_000_000_000,
          coverage: { kind: 'exact', asOf: 1, executions: 10, calls: 1 },
          source: 'index',
        }),
      ),
    )
    const { queryClient } = renderWithProviders(
      <dl>
        <FindExecution id="e7 &x" filters={filters} />
      </dl>,
    )
    await waitFor(() =>
      expect(queryClient.getQueryData(executionKeys.detail('e7 &x'))).toMatchObject({
        execution: { id: 'e7 &x', state: 'failed' },
        source: 'index',
        receivedAt: 1_700_000_000_000,
      }),
    )
    expect(bodies).toEqual([])
  })

  it('says what the index covers when it has not seen the id, then searches the list', async () => {
    answerPages(4)
    mswServer.use(
      http.get('*/api/index/execution', () =>
        HttpResponse.json({
          data: null,
          seen_at: null,
          coverage: { kind: 'exact', asOf: 1, executions: 2400, calls: 24 },
          source: 'index',
        }),
      ),
    )
    renderWithProviders(
      <dl>
        <FindExecution id="nowhere" filters={filters} />
      </dl>,
    )
    await waitFor(() =>
      expect(status()).toHaveTextContent(
        'Not among the 2,400 executions of the dashboard’s index (all the API listed). Not in the list with the current filters (searched all 2 pages, 4 rows).',
      ),
    )
  })
})
