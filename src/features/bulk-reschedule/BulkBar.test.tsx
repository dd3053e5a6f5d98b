import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Execution } from '../../api'
import { mswServer, setUpMswServer } from '../../test/mswServer'
import { renderWithProviders } from '../../test/renderWithProviders'
import { BulkBar } from './BulkBar'
import { createClientStore, type ClientStore } from '../../lib/clientStore'
import { selectionSlice } from './selection'

setUpMswServer()
const createObjectUrl = vi.fn(() => 'blob:results')
beforeEach(() => {
  createObjectUrl.mockClear()
  URL.createObjectURL = createObjectUrl
  URL.revokeObjectURL = vi.fn()
})
let store: ClientStore = createClientStore()
beforeEach(() => {
  store = createClientStore()
})
afterEach(() => store.dispose())

/** Checks these rows, as the list's checkboxes would. */
const select = (rows: Execution[]) =>
  act(() => {
    store.set(selectionSlice, new Map(rows.map((row) => [row.id, row])))
  })

const execution = (id: string, state = 'failed'): Execution => ({
  id,
  state,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:05:00Z',
})

/** PATCH answers by id: a status, or 200 with the execution rescheduled. */
function answerReschedules(statusOf: (id: string) => number, sent: string[] = []) {
  mswServer.use(
    http.patch('*/api/executions/:id/schedule', ({ params }) => {
      const id = String(params.id)
      sent.push(id)
      const status = statusOf(id)
      if (status === 200) return HttpResponse.json({ data: { ...execution(id), state: 'created' } })
      return HttpResponse.json({ error: { code: 'conflict', message: `refused ${id}` } }, { status })
    }),
  )
  return sent
}

const noFilters = { states: [], metadata: [] }
const dialog = () => screen.getByRole('dialog', { name: /^Reschedule executions/ })

describe('BulkBar', () => {
  it('shows the selection count, clears it, and offers all matching without a selection', async () => {
    renderWithProviders(<BulkBar filters={noFilters} />, undefined, store)
    expect(screen.queryByText(/selected/)).not.toBeInTheDocument()
    select([execution('a'), execution('b')])
    expect(screen.getByText('2 selected')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Clear selection' }))
    expect(screen.queryByText(/selected/)).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reschedule all matching…' })).toBeInTheDocument()
  })

  it('reschedules the selection: one PATCH each, results per id, the rescheduled leave the selection', async () => {
    const sent = answerReschedules((id) => (id === 'b' ? 409 : 200))
    select([execution('a'), execution('b'), execution('c', 'started')])
    renderWithProviders(<BulkBar filters={noFilters} />, undefined, store)
    await userEvent.click(screen.getByRole('button', { name: 'Reschedule 3 executions…' }))
    await screen.findByRole('dialog', { name: /^Reschedule executions/ })
    expect(dialog()).toHaveTextContent('3 executions selected: 2 Failed, 1 Started')
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Reschedule 3 executions' }))
    expect(
      await within(dialog()).findByText(/2 rescheduled, 1 failed, 0 with an unknown outcome/),
    ).toBeVisible()
    expect(sent.sort()).toEqual(['a', 'b', 'c'])
    expect(within(dialog()).getByRole('row', { name: /^b Failed refused b/ })).toBeInTheDocument()
    expect(screen.getByText('1 selected')).toBeInTheDocument()

    await userEvent.click(within(dialog()).getByRole('button', { name: 'Download results' }))
    expect(createObjectUrl).toHaveBeenCalledTimes(1)

    answerReschedules(() => 200, sent)
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Retry failed (1)' }))
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Reschedule 1 execution' }))
    expect(await within(dialog()).findByText(/1 rescheduled, 0 failed/)).toBeVisible()
    expect(sent.filter((id) => id === 'b')).toHaveLength(2)
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('counts all matching with a dry run, then asks for the typed count above 100', async () => {
    const ids = Array.from({ length: 150 }, (_, index) => `e${index}`)
    const listed: unknown[] = []
    mswServer.use(
      http.post('*/api/executions', async ({ request }) => {
        const body = (await request.json()) as { page: { first: number; after?: string } }
        listed.push(body)
        const start = body.page.after ? Number(body.page.after) : 0
        const data = ids.slice(start, start + body.page.first).map((id) => execution(id))
        const end = start + data.length
        return HttpResponse.json({
          // The list moved between pages: e99 shows up again and is counted once.
          data: start > 0 ? [execution('e99'), ...data] : data,
          page_info: { has_next_page: end < ids.length, end_cursor: String(end) },
        })
      }),
    )
    renderWithProviders(<BulkBar filters={{ states: ['failed'], metadata: [] }} />)
    await userEvent.click(screen.getByRole('button', { name: 'Reschedule all matching…' }))
    await screen.findByRole('dialog', { name: /^Reschedule executions/ })
    await waitFor(() => expect(dialog()).toHaveTextContent('150 executions matching the filters: 150 Failed'))
    expect(listed).toEqual([
      { page: { first: 100 }, filters: { states: ['failed'] } },
      { page: { first: 100, after: '100' }, filters: { states: ['failed'] } },
    ])
    const confirm = within(dialog()).getByRole('button', { name: 'Reschedule 150 executions' })
    expect(confirm).toBeDisabled()
    await userEvent.type(within(dialog()).getByLabelText('Type 150 to confirm'), '149')
    expect(confirm).toBeDisabled()
    await userEvent.clear(within(dialog()).getByLabelText('Type 150 to confirm'))
    await userEvent.type(within(dialog()).getByLabelText('Type 150 to confirm'), '150')
    expect(confirm).toBeEnabled()
  })

  it('says when the rows carry no metadata, so the metadata filter could not be checked on them', async () => {
    mswServer.use(
      http.post('*/api/executions', () =>
        HttpResponse.json({ data: [execution('a'), execution('b')], page_info: { has_next_page: false } }),
      ),
    )
    renderWithProviders(<BulkBar filters={{ states: [], metadata: [{ key: 'env', values: ['prod'] }] }} />)
    await userEvent.click(screen.getByRole('button', { name: 'Reschedule all matching…' }))
    await screen.findByRole('dialog', { name: /^Reschedule executions/ })
    await waitFor(() =>
      expect(dialog()).toHaveTextContent(
        "Counted 2 on 1 page (2 rows carry no metadata: the metadata filters could not be checked on them and the API's word stands)",
      ),
    )
  })

  it('with a window, waits for the index to finish counting the filters, and never calls a partial count whole', async () => {
    let asked = 0
    mswServer.use(
      http.get('*/api/index/executions', () => {
        asked += 1
        const counting = { kind: 'counting', executions: 1, estimate: null, calls: 1 }
        const atLeast = { kind: 'at_least', asOf: 1, executions: 2, calls: 2, reason: 'the scan stopped' }
        return HttpResponse.json({
          data: asked === 1 ? [execution('e1')] : [execution('e1'), execution('e2')],
          page_info: { has_next_page: false, end_cursor: null },
          coverage: asked === 1 ? counting : atLeast,
          source: 'index',
        })
      }),
    )
    const window = { kind: 'relative', preset: '1h', field: 'created' } as const
    renderWithProviders(<BulkBar filters={{ states: ['failed'], metadata: [], window }} />)
    await userEvent.click(screen.getByRole('button', { name: 'Reschedule all matching…' }))
    await screen.findByRole('dialog', { name: /^Reschedule executions/ })
    expect(
      await within(dialog()).findByText(
        /^Waiting for the dashboard’s index to count these filters \(1 so far\)/,
      ),
    ).toBeVisible()
    expect(
      await within(dialog()).findByText(
        'Counted 2 on 1 page, then stopped: the dashboard’s index has not seen every execution of these filters yet. More may match.',
        undefined,
        { timeout: 3_000 },
      ),
    ).toBeVisible()
    expect(asked).toBe(2)
  })

  it('says when counting failed, and Retry counts again', async () => {
    let fail = true
    mswServer.use(
      http.post('*/api/executions', () =>
        fail
          ? HttpResponse.json({ error: { code: 'busy', message: 'try later' } }, { status: 400 })
          : HttpResponse.json({ data: [], page_info: { has_next_page: false, end_cursor: null } }),
      ),
    )
    renderWithProviders(<BulkBar filters={noFilters} />, undefined, store)
    await userEvent.click(screen.getByRole('button', { name: 'Reschedule all matching…' }))
    await screen.findByRole('dialog', { name: /^Reschedule executions/ })
    expect(await within(dialog()).findByText(/Counting failed after 0 pages/)).toBeVisible()
    fail = false
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(dialog()).toHaveTextContent('0 executions matching the filters: none'))
    expect(within(dialog()).getByRole('button', { name: 'Reschedule 0 executions' })).toBeDisabled()
  })

  it('pauses, resumes and cancels a run; what was never sent is listed and can be sent again', async () => {
    const release: (() => void)[] = []
    const sent: string[] = []
    mswServer.use(
      http.patch('*/api/executions/:id/schedule', async ({ params }) => {
        sent.push(String(params.id))
        await new Promise<void>((resolve) => release.push(resolve))
        return new HttpResponse(null, { status: 204 })
      }),
    )
    select(['a', 'b', 'c', 'd'].map((id) => execution(id)))
    renderWithProviders(<BulkBar filters={noFilters} />, undefined, store)
    await userEvent.click(screen.getByRole('button', { name: 'Reschedule 4 executions…' }))
    await screen.findByRole('dialog', { name: /^Reschedule executions/ })
    await userEvent.selectOptions(within(dialog()).getByLabelText('Requests at a time'), '1')
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Reschedule 4 executions' }))
    await waitFor(() => expect(sent).toEqual(['a']))
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Pause' }))
    expect(dialog()).toHaveTextContent('Paused')
    act(() => release.shift()?.())
    await waitFor(() => expect(dialog()).toHaveTextContent(/Done\s*1/))
    expect(sent).toEqual(['a'])
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Resume' }))
    await waitFor(() => expect(sent).toEqual(['a', 'b']))
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Cancel run' }))
    act(() => release.shift()?.())
    expect(
      await within(dialog()).findByText(
        /Cancelled\. 2 rescheduled, 0 failed, 0 with an unknown outcome, 2 not sent/,
      ),
    ).toBeVisible()
    expect(within(dialog()).getByRole('button', { name: 'Retry failed (2)' })).toBeInTheDocument()
  })

  it('refuses "all matching" while the link has a filter it could not use, and says why', () => {
    renderWithProviders(
      <BulkBar
        filters={noFilters}
        linkProblems={['the metadata filter on “blob” is longer than 2048 characters']}
      />,
      undefined,
      store,
    )
    const all = screen.getByRole('button', { name: 'Reschedule all matching…' })
    expect(all).toBeDisabled()
    expect(all).toHaveAccessibleDescription(/could not all be used .*“blob” is longer than 2048 characters/)
  })
})
