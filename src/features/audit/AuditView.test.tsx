import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { mswServer, setUpMswServer } from '../../test/mswServer'
import { renderWithProviders } from '../../test/renderWithProviders'
import { AuditView } from './AuditView'

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

describe('AuditView', () => {
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
    const onNavigate = vi.fn()
    const view = renderWithProviders(
      <AuditView search="?audit=1" onNavigate={onNavigate} onClose={onClose} />,
    )
    const table = await screen.findByRole('table', { name: 'Reschedules and acknowledgements, newest first' })
    const first = within(table).getAllByRole('row')[1] as HTMLElement
    expect(first).toHaveTextContent(/aliceRescheduled \(HTTP 200\)exec-1Bulk run a1b2c3d4$/)
    expect(within(first).getByRole('link', { name: 'Open what bulk run a1b2c3d4 acted on' })).toBeVisible()
    // Focus goes to what was opened.
    expect(screen.getByRole('heading', { name: 'Audit trail' })).toHaveFocus()
    expect(within(table).getByText('Outcome unknown (none recorded)')).toBeInTheDocument()
    expect(within(table).getByText('Outcome unknown — upstream_timeout')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }))
    expect(await screen.findByText('Not permitted — viewer')).toBeInTheDocument()
    expect(asked.at(-1)?.get('after')).toBe('c1')

    await userEvent.type(screen.getByLabelText('Execution'), 'nothing')
    await userEvent.selectOptions(screen.getByLabelText('Outcome'), 'Outcome unknown')
    await userEvent.type(screen.getByLabelText('Run'), 'a1b2')
    await userEvent.selectOptions(screen.getByLabelText('Time'), 'Between two times…')
    await userEvent.type(screen.getByLabelText('From'), '2026-11-20T10:00')
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }))
    // The filters go into the URL (the composer navigates); the view reads them from there.
    const search = `?${(onNavigate.mock.calls.at(-1)?.[0] as URLSearchParams).toString()}`
    expect(new URLSearchParams(search).get('audit.execution')).toBe('nothing')
    view.rerender(<AuditView search={search} onNavigate={onNavigate} onClose={onClose} />)
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
    await userEvent.click(screen.getByRole('button', { name: 'Close audit trail' }))
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
    renderWithProviders(<AuditView search="?audit=1" onNavigate={() => {}} onClose={() => {}} />)
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument()
    expect(screen.getByText(/The store is off/)).toBeInTheDocument()
  })

  it('links each run to what it acted on, named as what it was', async () => {
    const runView =
      'm.env=production&from=2026-11-23T08%3A00%3A00.000Z&to=2026-11-23T09%3A00%3A00.000Z&triage=1&group=key%3Apipeline&open-group=key%3Asettlement-sync&state=failed'
    mswServer.use(
      http.get('*/api/audit', () =>
        HttpResponse.json({
          data: [
            { ...record('1', 'rescheduled', 200), runView },
            {
              ...record('2', 'acknowledged', null),
              bulkRun: 'b2c3d4e5-0000-4000-8000-000000000000',
              runView,
            },
            { ...record('3', 'rescheduled', 200), bulkRun: 'x1' },
          ],
          page_info: { has_next_page: false, end_cursor: null },
        }),
      ),
    )
    const onNavigate = vi.fn()
    renderWithProviders(<AuditView search="?audit=1" onNavigate={onNavigate} onClose={() => {}} />)
    const run = await screen.findByRole('link', { name: 'Open what bulk run a1b2c3d4 acted on' })
    const target = new URL(run.getAttribute('href') ?? '', 'http://dashboard')
    expect(target.searchParams.get('run')).toBe('a1b2c3d4e5')
    expect(target.searchParams.get('m.env')).toBe('production')
    expect(target.searchParams.get('open-group')).toBe('key:settlement-sync')
    // Its executions in the states they are in now: not only those still failed.
    expect(target.searchParams.get('state')).toBeNull()
    expect(target.searchParams.get('audit')).toBeNull()
    await userEvent.click(run)
    expect(String(onNavigate.mock.calls.at(-1)?.[0])).toBe(target.search.slice(1))
    expect(
      screen.getByRole('link', { name: 'Open what acknowledgement b2c3d4e5 acted on' }),
    ).toBeInTheDocument()
    // An id that is not a run's (another client's X-Bulk-Run) is only shown.
    expect(screen.getAllByRole('link', { name: /^Open what/ })).toHaveLength(2)
    expect(screen.getByText('x1')).toBeInTheDocument()
  })
})
