import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { mswServer, setUpMswServer } from '../../test/mswServer'
import { renderWithProviders } from '../../test/renderWithProviders'
import { ExecutionsPage } from './ExecutionsPage'

setUpMswServer()
afterEach(() => window.history.replaceState(null, '', '/'))

const row = (id: string, state = 'failed') => ({
  id,
  state,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:05:00Z',
})
const page = (data: unknown[], pageInfo: object = { has_next_page: false, end_cursor: null }) => ({
  data,
  page_info: pageInfo,
})

/** The browser's list call: POST with the GET override, the list body as JSON. */
function answerLists(answer: (body: { page: { after?: string }; filters?: unknown }) => Response) {
  mswServer.use(
    http.post('*/api/executions', async ({ request }) => {
      expect(request.headers.get('X-HTTP-Method-Override')).toBe('GET')
      return answer((await request.json()) as { page: { after?: string } })
    }),
  )
}

const renderPage = () => renderWithProviders(<ExecutionsPage onOpenExecution={() => {}} selectedId={null} />)

describe('ExecutionsPage', () => {
  it('shows loading, then the rows', async () => {
    answerLists(() => HttpResponse.json(page([row('e1'), row('e2')])))
    renderPage()
    expect(screen.getByRole('grid', { name: /^Executions/ })).toHaveAttribute('aria-busy', 'true')
    expect(await screen.findByRole('row', { name: 'Execution e1' })).toBeInTheDocument()
    expect(screen.getByRole('row', { name: 'Execution e2' })).toBeInTheDocument()
  })

  it('says there are no executions yet when the list is empty without filters', async () => {
    answerLists(() => HttpResponse.json(page([])))
    renderPage()
    expect(await screen.findByRole('heading', { name: 'No executions yet' })).toBeInTheDocument()
  })

  it('says nothing matches, with Clear filters, when a filtered list is empty', async () => {
    window.history.replaceState(null, '', '/?state=failed')
    answerLists((body) => HttpResponse.json(page(body.filters ? [] : [row('e1')])))
    renderPage()
    await userEvent.click(await screen.findByRole('button', { name: 'Clear filters' }))
    expect(await screen.findByRole('row', { name: 'Execution e1' })).toBeInTheDocument()
  })

  it('shows an error with a Retry that works', async () => {
    let fail = true
    answerLists(() =>
      fail
        ? HttpResponse.json({ message: 'database down' }, { status: 503 })
        : HttpResponse.json(page([row('e1')])),
    )
    renderPage()
    expect(await screen.findByRole('alert')).toHaveTextContent('database down')
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('row', { name: 'Execution e1' })).toBeInTheDocument()
  })

  it('keeps the last rows when a refresh fails, and says so', async () => {
    let fail = false
    answerLists(() =>
      fail
        ? HttpResponse.json({ message: 'gateway' }, { status: 502 })
        : HttpResponse.json(page([row('e1')])),
    )
    renderPage()
    await screen.findByRole('row', { name: 'Execution e1' })
    fail = true
    await userEvent.click(await screen.findByRole('button', { name: 'Refresh now' }))
    expect(
      await screen.findByRole('heading', { name: 'Refreshing failed; showing the last rows received' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('row', { name: 'Execution e1' })).toBeInTheDocument()
  })

  it('draws neither the filters nor the Display menu again on a refresh that changes nothing', async () => {
    let calls = 0
    answerLists(() => {
      calls += 1
      return HttpResponse.json(page([row('e1'), row('e2', 'succeed')]))
    })
    renderPage()
    await screen.findByRole('row', { name: 'Execution e1' })
    const regions = [
      await screen.findByRole('search', { name: 'Filter executions' }),
      // Open, so it has a name; the refresh below is a click without a pointer, which would close it.
      await userEvent
        .click(await screen.findByRole('button', { name: 'Display…' }))
        .then(() => screen.getByRole('group', { name: 'Display' })),
    ]
    const mutations: MutationRecord[] = []
    const observer = new MutationObserver((records) => mutations.push(...records))
    for (const region of regions)
      observer.observe(region, { subtree: true, childList: true, attributes: true, characterData: true })
    const refresh = screen.getByRole('button', { name: 'Refresh now' })
    fireEvent.click(refresh)
    await waitFor(() => expect(calls).toBe(2))
    await waitFor(() => expect(refresh).toHaveAttribute('aria-disabled', 'false'))
    mutations.push(...observer.takeRecords())
    observer.disconnect()
    // React writes an input's name and type again whenever it draws it.
    expect(mutations.map((record) => `${record.type} ${record.attributeName ?? ''}`)).toEqual([])
  })

  it('pages forward with the end cursor, and Previous comes back', async () => {
    answerLists((body) =>
      HttpResponse.json(
        body.page.after === 'c1'
          ? page([row('second-page')], { has_next_page: false, start_cursor: 's2', end_cursor: 'c2' })
          : page([row('first-page')], { has_next_page: true, start_cursor: 's1', end_cursor: 'c1' }),
      ),
    )
    renderPage()
    await screen.findByRole('row', { name: 'Execution first-page' })
    await userEvent.click(screen.getAllByRole('button', { name: 'Next page' })[0] as HTMLElement)
    expect(await screen.findByRole('row', { name: 'Execution second-page' })).toBeInTheDocument()
    expect(window.location.search).toContain('after=c1')
    await userEvent.click(screen.getAllByRole('button', { name: 'Previous page' })[0] as HTMLElement)
    expect(await screen.findByRole('row', { name: 'Execution first-page' })).toBeInTheDocument()
  })

  it('turns Next off while the next page loads, so a second click cannot skip a page', async () => {
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    mswServer.use(
      http.post('*/api/executions', async ({ request }) => {
        const body = (await request.json()) as { page: { after?: string } }
        if (body.page.after === 'c1') await held
        return HttpResponse.json(
          body.page.after === 'c1'
            ? page([row('second-page')], { has_next_page: true, end_cursor: 'c2' })
            : page([row('first-page')], { has_next_page: true, end_cursor: 'c1' }),
        )
      }),
    )
    renderPage()
    await screen.findByRole('row', { name: 'Execution first-page' })
    const next = () => screen.getAllByRole('button', { name: 'Next page' })[0] as HTMLElement
    await userEvent.click(next())
    expect(next()).toBeDisabled()
    release()
    expect(await screen.findByRole('row', { name: 'Execution second-page' })).toBeInTheDocument()
    expect(next()).toBeEnabled()
  })

  it('shows an unreadable row marked, beside the good ones', async () => {
    answerLists(() => HttpResponse.json(page([row('good'), { id: 'bad', state: 'failed' }])))
    renderPage()
    expect(await screen.findByRole('row', { name: 'Unreadable row bad' })).toHaveTextContent('created_at')
    expect(screen.getByRole('row', { name: 'Execution good' })).toBeInTheDocument()
    expect(await screen.findByText(/1 row of this page could not be read/)).toBeInTheDocument()
  })
})

describe('a list limited to one bulk run', () => {
  it('asks the index for the run’s executions, says what it cannot show, and goes back to all of them', async () => {
    window.history.replaceState(null, '', '/?run=run-0123abcd')
    const asked: string[] = []
    mswServer.use(
      http.get('*/api/index/executions', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('run') ?? '')
        return HttpResponse.json({
          ...page([row('e7', 'started')]),
          coverage: { kind: 'exact', asOf: Date.now() },
          run: { run: 'run-0123abcd', members: 3, not_in_index: 2, truncated: false },
        })
      }),
    )
    answerLists(() => HttpResponse.json(page([row('e1'), row('e2')])))
    renderWithProviders(
      <ExecutionsPage
        onOpenExecution={() => {}}
        selectedId={null}
        renderRunSummary={(run) => <p>Counts of {run}</p>}
      />,
    )
    expect(await screen.findByRole('row', { name: 'Execution e7' })).toBeInTheDocument()
    const scope = await screen.findByRole('region', { name: 'Bulk run run-0123' })
    expect(scope).toHaveTextContent('Only the executions bulk run run-0123 sent (3)')
    expect(scope).toHaveTextContent(
      '2 of them are not in the dashboard’s index, so the list cannot show them.',
    )
    expect(scope).toHaveTextContent('Counts of run-0123abcd')
    expect(asked).toContain('run-0123abcd')

    await userEvent.click(screen.getByRole('button', { name: 'Show all executions' }))
    expect(await screen.findByRole('row', { name: 'Execution e1' })).toBeInTheDocument()
    expect(window.location.search).toBe('')
    expect(screen.queryByRole('region', { name: 'Bulk run run-0123' })).not.toBeInTheDocument()
  })
})
