import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Execution, IdSetAnswer } from '../../api'
import { mswServer, setUpMswServer } from '../../test/mswServer'
import { renderWithProviders } from '../../test/renderWithProviders'
import { BulkBar } from './BulkBar'
import { createClientStore, type ClientStore } from '../../lib/clientStore'
import { selectionSlice } from './selection'

setUpMswServer()
/** The chip's way to the list: not what these tests look at. */
const ignoreRun = () => {}
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
    renderWithProviders(<BulkBar onShowRun={ignoreRun} filters={noFilters} />, undefined, store)
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
    renderWithProviders(<BulkBar onShowRun={ignoreRun} filters={noFilters} />, undefined, store)
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

  /** The server's count of the set: these ids, `count` in all. */
  const idSet = (ids: string[], more: Partial<IdSetAnswer> = {}): IdSetAnswer => ({
    executions: ids.map((id) => ({ ...execution(id), created_at: null })),
    count: ids.length,
    complete: true,
    source: 'api',
    asOf: Date.UTC(2026, 10, 20, 10, 0),
    note: null,
    ...more,
  })

  it('counts all matching on the server in one request, then asks for the typed count above 100', async () => {
    const ids = Array.from({ length: 150 }, (_, index) => `e${index}`)
    const asked: string[] = []
    mswServer.use(
      http.get('*/api/executions/ids', ({ request }) => {
        asked.push(new URL(request.url).search)
        return HttpResponse.json(idSet(ids))
      }),
    )
    renderWithProviders(<BulkBar onShowRun={ignoreRun} filters={{ states: ['failed'], metadata: [] }} />)
    await userEvent.click(screen.getByRole('button', { name: 'Reschedule all matching…' }))
    await screen.findByRole('dialog', { name: /^Reschedule executions/ })
    await waitFor(() => expect(dialog()).toHaveTextContent('150 executions matching the filters: 150 Failed'))
    expect(dialog()).toHaveTextContent('Counted 150 by paging the API on the dashboard’s server.')
    expect(asked).toEqual(['?state=failed&max=20000'])
    const confirm = within(dialog()).getByRole('button', { name: 'Reschedule 150 executions' })
    expect(confirm).toBeDisabled()
    await userEvent.type(within(dialog()).getByLabelText('Type 150 to confirm'), '149')
    expect(confirm).toBeDisabled()
    await userEvent.clear(within(dialog()).getByLabelText('Type 150 to confirm'))
    await userEvent.type(within(dialog()).getByLabelText('Type 150 to confirm'), '150')
    expect(confirm).toBeEnabled()
  })

  it('says the whole count exactly when a run is capped, and goes on only when asked', async () => {
    mswServer.use(
      http.get('*/api/executions/ids', () =>
        HttpResponse.json(idSet(['a', 'b'], { count: 250_000, source: 'index' })),
      ),
    )
    renderWithProviders(<BulkBar onShowRun={ignoreRun} filters={{ states: ['failed'], metadata: [] }} />)
    await userEvent.click(screen.getByRole('button', { name: 'Reschedule all matching…' }))
    await screen.findByRole('dialog', { name: /^Reschedule executions/ })
    expect(
      await within(dialog()).findByText(
        /^Counted 250,000 from the dashboard’s index, exact as of .*; a run takes at most 20,000: these are the 2 newest created\.$/,
      ),
    ).toBeVisible()
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Go on with these 2' }))
    expect(dialog()).toHaveTextContent('2 executions matching the filters: 2 Failed')
  })

  it('says what the server noted, and never calls a count that stopped early whole', async () => {
    mswServer.use(
      http.get('*/api/executions/ids', () =>
        HttpResponse.json(
          idSet(['a', 'b'], {
            complete: false,
            note: 'the count stopped early: the API failed on page 3',
          }),
        ),
      ),
    )
    renderWithProviders(
      <BulkBar
        onShowRun={ignoreRun}
        filters={{ states: [], metadata: [{ key: 'env', values: ['prod'] }] }}
      />,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Reschedule all matching…' }))
    await screen.findByRole('dialog', { name: /^Reschedule executions/ })
    expect(
      await within(dialog()).findByText(
        'Counted at least 2 by paging the API on the dashboard’s server (the count stopped early: the API failed on page 3); the count stopped before the end of the list. More may match.',
      ),
    ).toBeVisible()
    expect(within(dialog()).getByRole('button', { name: 'Go on with these 2' })).toBeVisible()
  })

  it('with a window, waits while the index does not hold the set whole, then counts it', async () => {
    let asked = 0
    mswServer.use(
      http.get('*/api/executions/ids', () => {
        asked += 1
        return asked === 1
          ? HttpResponse.json(
              { error: { code: 'index_unavailable', message: 'A time window needs the index.' } },
              { status: 409 },
            )
          : HttpResponse.json(idSet(['e1', 'e2'], { source: 'index' }))
      }),
    )
    const window = { kind: 'relative', preset: '1h', field: 'created' } as const
    renderWithProviders(
      <BulkBar onShowRun={ignoreRun} filters={{ states: ['failed'], metadata: [], window }} />,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Reschedule all matching…' }))
    await screen.findByRole('dialog', { name: /^Reschedule executions/ })
    expect(
      await within(dialog()).findByText(/^Waiting for the dashboard’s index to hold every execution/),
    ).toBeVisible()
    // The wait between asks is a second: the default wait (15 s) holds on a busy machine too.
    await waitFor(() =>
      expect(dialog()).toHaveTextContent('2 executions matching the filters in the time window: 2 Failed'),
    )
    expect(asked).toBe(2)
  })

  it('Stop counting stops the request, and the count can be asked again', async () => {
    let asked = 0
    mswServer.use(
      http.get('*/api/executions/ids', async () => {
        asked += 1
        if (asked === 1) await new Promise(() => undefined)
        return HttpResponse.json(idSet(['a']))
      }),
    )
    renderWithProviders(<BulkBar onShowRun={ignoreRun} filters={noFilters} />)
    await userEvent.click(screen.getByRole('button', { name: 'Reschedule all matching…' }))
    await screen.findByRole('dialog', { name: /^Reschedule executions/ })
    await userEvent.click(await within(dialog()).findByRole('button', { name: 'Stop counting' }))
    expect(await within(dialog()).findByText('You stopped the count. Nothing was rescheduled.')).toBeVisible()
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Count again' }))
    await waitFor(() => expect(dialog()).toHaveTextContent('1 execution matching the filters: 1 Failed'))
  })

  it('says when counting failed, and Retry counts again', async () => {
    let fail = true
    mswServer.use(
      http.get('*/api/executions/ids', () =>
        fail
          ? HttpResponse.json({ error: { code: 'busy', message: 'try later' } }, { status: 400 })
          : HttpResponse.json(idSet([])),
      ),
    )
    renderWithProviders(<BulkBar onShowRun={ignoreRun} filters={noFilters} />, undefined, store)
    await userEvent.click(screen.getByRole('button', { name: 'Reschedule all matching…' }))
    await screen.findByRole('dialog', { name: /^Reschedule executions/ })
    expect(await within(dialog()).findByText(/^Counting failed: /)).toBeVisible()
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
    renderWithProviders(<BulkBar onShowRun={ignoreRun} filters={noFilters} />, undefined, store)
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
        onShowRun={ignoreRun}
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
