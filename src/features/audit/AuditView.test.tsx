import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { mswServer, setUpMswServer } from '../../test/mswServer'
import { renderWithProviders } from '../../test/renderWithProviders'
import { AuditDialog } from './AuditDialog'

setUpMswServer()

const record = (id: string, outcome: string, status: number | null, detail: string | null = null) => ({
  id,
  at: Date.UTC(2026, 10, 23, 9, 0),
  user: 'alice',
  via: 'proxy header',
  executionId: `exec-${id}`,
  bulkRun: id === '1' ? 'a1b2c3d4e5' : null,
  requestId: 'r',
  outcome,
  status,
  resultState: null,
  detail,
})

describe('AuditDialog', () => {
  it('lists the trail newest first, filters it, and loads more on demand', async () => {
    const asked: URLSearchParams[] = []
    mswServer.use(
      http.get('*/api/audit', ({ request }) => {
        const params = new URL(request.url).searchParams
        asked.push(params)
        if (params.get('execution') === 'nothing')
          return HttpResponse.json({ data: [], page_info: { has_next_page: false, end_cursor: null } })
        if (params.get('after'))
          return HttpResponse.json({
            data: [record('4', 'not_permitted', null, 'viewer')],
            page_info: { has_next_page: false, end_cursor: null },
          })
        return HttpResponse.json({
          data: [
            record('1', 'rescheduled', 200),
            record('2', 'pending', null),
            record('3', 'unknown', null, 'upstream_timeout'),
          ],
          page_info: { has_next_page: true, end_cursor: 'c1' },
        })
      }),
    )
    const onClose = vi.fn()
    renderWithProviders(<AuditDialog onClose={onClose} />)
    const table = await screen.findByRole('table', { name: 'Reschedules and acknowledgements, newest first' })
    expect(
      within(table).getByRole('row', { name: /exec-1 Rescheduled \(HTTP 200\) a1b2c3d4/ }),
    ).toBeInTheDocument()
    expect(within(table).getByText('Outcome unknown (none recorded)')).toBeInTheDocument()
    expect(within(table).getByText('Outcome unknown — upstream_timeout')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }))
    expect(await screen.findByText('Not permitted — viewer')).toBeInTheDocument()
    expect(asked.at(-1)?.get('after')).toBe('c1')

    await userEvent.type(screen.getByLabelText('Execution'), 'nothing')
    await userEvent.selectOptions(screen.getByLabelText('Outcome'), 'Outcome unknown')
    await userEvent.type(screen.getByLabelText('Bulk run'), 'a1b2')
    await userEvent.type(screen.getByLabelText('From'), '2026-11-20T10:00')
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }))
    expect(await screen.findByText('Nothing recorded matches these filters.')).toBeInTheDocument()
    expect(asked.at(-1)?.get('outcome')).toBe('unknown')
    expect(asked.at(-1)?.get('bulk')).toBe('a1b2')
    expect(asked.at(-1)?.get('from')).toBe(new Date('2026-11-20T10:00').toISOString())
    expect(asked.at(-1)?.get('to')).toBeNull()
    // The files hold every record of the filters, not only those shown.
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `/api/audit?execution=nothing&outcome=unknown&bulk=a1b2&from=${encodeURIComponent(new Date('2026-11-20T10:00').toISOString())}&format=csv`,
    )
    expect(screen.getByRole('link', { name: 'Export NDJSON' })).toHaveAttribute(
      'href',
      `/api/audit?execution=nothing&outcome=unknown&bulk=a1b2&from=${encodeURIComponent(new Date('2026-11-20T10:00').toISOString())}&format=ndjson`,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalled()
  })

  it('says when the trail cannot be read, and offers Retry', async () => {
    mswServer.use(
      http.get('*/api/audit', () =>
        HttpResponse.json(
          { error: { code: 'store_unavailable', message: 'The store is off.' } },
          { status: 503 },
        ),
      ),
    )
    renderWithProviders(<AuditDialog onClose={() => {}} />)
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument()
    expect(screen.getByText(/The store is off/)).toBeInTheDocument()
  })

  it('shows a bulk run’s executions in the list from its id, and closes', async () => {
    mswServer.use(
      http.get('*/api/audit', () =>
        HttpResponse.json({
          data: [record('1', 'rescheduled', 200), { ...record('2', 'rescheduled', 200), bulkRun: 'x1' }],
          page_info: { has_next_page: false, end_cursor: null },
        }),
      ),
    )
    const onClose = vi.fn()
    const onShowRun = vi.fn()
    renderWithProviders(<AuditDialog onClose={onClose} onShowRun={onShowRun} />)
    await userEvent.click(
      await screen.findByRole('button', { name: 'Show the executions of bulk run a1b2c3d4 in the list' }),
    )
    expect(onShowRun).toHaveBeenCalledWith('a1b2c3d4e5')
    expect(onClose).toHaveBeenCalled()
    // An id that is not a run's (another client's X-Bulk-Run) is only shown.
    expect(screen.getAllByRole('button', { name: /^Show the executions of bulk run/ })).toHaveLength(1)
    expect(screen.getByRole('cell', { name: 'x1' })).toBeInTheDocument()
  })
})
