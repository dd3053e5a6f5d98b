import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { mswServer, setUpMswServer } from '../../test/mswServer'
import { answer, AT, EXACT, group, showBoard, showSamples } from './boardTestKit'

setUpMswServer()

describe('FailureBoard', () => {
  it('shows each group with its size and acts on it by callback: open a sample, reschedule exactly the group', async () => {
    mswServer.use(
      http.get('*/api/triage', () =>
        HttpResponse.json(answer([group('eu-west-1', 40), group('us-east-1', 3)], EXACT)),
      ),
    )
    const callbacks = showBoard()
    const board = screen.getByRole('region', { name: 'Failure groups' })
    expect(await within(board).findByText('43 unaddressed failures of 43 failed')).toHaveRole('status')
    const row = within(board).getByRole('row', {
      name: /eu-west-1 40 failed 40 open/,
    })
    // The samples on demand: the group opens below its line.
    await showSamples('eu-west-1')
    expect(callbacks.onToggleGroup).toHaveBeenCalledWith('key:eu-west-1')
    await userEvent.click(screen.getByRole('button', { name: 'Open exec-eu-west-1-1' }))
    expect(callbacks.onOpenExecution).toHaveBeenCalledWith('exec-eu-west-1-1')
    // The grouping the board chose on first open is kept (by the composer), as a suggestion.
    expect(callbacks.onSuggested).toHaveBeenCalledWith({ kind: 'key', key: 'region' })
    await userEvent.click(within(row).getByRole('button', { name: 'Reschedule the failures of eu-west-1…' }))
    expect(callbacks.onRescheduleGroup).toHaveBeenCalledWith(
      {
        states: ['failed'],
        metadata: [
          { key: 'env', values: ['prod'] },
          { key: 'region', values: ['eu-west-1'] },
        ],
      },
      { kind: 'relative', preset: '24h', field: 'created' },
      { id: 'key:eu-west-1', name: 'region = eu-west-1 (last 24 hours, env = prod)' },
    )
    await userEvent.selectOptions(within(board).getByLabelText('Group by'), 'Bursts in time')
    expect(callbacks.onGroupByChange).toHaveBeenCalledWith({ kind: 'burst' })
  })

  it('says a count is a lower bound while the index counts, and never "no failures" before it knows', async () => {
    mswServer.use(
      http.get('*/api/triage', () =>
        HttpResponse.json(answer([], { kind: 'counting', executions: 10, estimate: 400, calls: 1 })),
      ),
    )
    showBoard()
    expect(
      await screen.findByText('No failed executions found yet; the index is still counting this view.'),
    ).toBeVisible()
    expect(screen.getByText('≥ 0 unaddressed failures of ≥ 0 failed')).toHaveRole('status')
  })

  it('says the count failed, and why, rather than that it is still counting', async () => {
    const reason = 'The API answered HTTP 400: metadata filters are not supported.'
    mswServer.use(
      http.get('*/api/triage', () =>
        HttpResponse.json(answer([], { kind: 'failed', at: 0, executions: 0, calls: 1, reason })),
      ),
    )
    showBoard()
    expect(
      await screen.findByText(
        `No failed executions found, but the index could not count this view: ${reason}`,
      ),
    ).toBeVisible()
    expect(screen.queryByText(/still counting/)).not.toBeInTheDocument()
  })

  it('says when groups overlap: an execution with several values of the key is in each of their groups', async () => {
    mswServer.use(
      http.get('*/api/triage', () =>
        HttpResponse.json({
          ...answer([], { kind: 'exact', asOf: 0, executions: 10, calls: 1 }),
          groupBy: { kind: 'key', key: 'tags', overlapping: true },
          failed: 3,
        }),
      ),
    )
    showBoard()
    expect(await screen.findByText(/Some executions hold several values of tags/)).toBeVisible()
  })

  it('acknowledges a group with a note in one request, and undoes it', async () => {
    const sent: { url: string; body: unknown }[] = []
    let acked = false
    mswServer.use(
      http.get('*/api/triage', () =>
        HttpResponse.json(
          answer(
            [
              acked
                ? group('eu-west-1', 40, {
                    open: 0,
                    acknowledged: 40,
                    acks: [{ run: 'r-1', user: 'alice', at: AT, note: 'INC-1', count: 40 }],
                  })
                : group('eu-west-1', 40),
            ],
            EXACT,
          ),
        ),
      ),
      http.post('*/api/triage/ack', async ({ request }) => {
        sent.push({ url: request.url, body: await request.json() })
        acked = true
        return HttpResponse.json({ run: 'r-1', count: 40, at: AT })
      }),
      http.post('*/api/triage/undo', async ({ request }) => {
        sent.push({ url: request.url, body: await request.json() })
        acked = false
        return HttpResponse.json({ run: 'r-1', count: 40 })
      }),
    )
    showBoard({ openGroup: 'key:eu-west-1' })
    await userEvent.click(
      await screen.findByRole('button', { name: 'Acknowledge the failures of eu-west-1…' }),
    )
    const dialog = screen.getByRole('dialog', { name: 'Acknowledge the failures of eu-west-1' })
    await userEvent.type(within(dialog).getByLabelText('Note (a ticket or a reason)'), 'INC-1')
    await userEvent.dblClick(within(dialog).getByRole('button', { name: /^Acknowledg/ }))
    expect(await screen.findByText(/40 acknowledged by alice/)).toBeVisible()
    expect(sent).toHaveLength(1)
    const url = new URL(sent[0]?.url ?? '')
    expect(url.searchParams.get('id')).toBe('key:eu-west-1')
    expect(url.searchParams.get('group')).toBe('key:region')
    expect(url.searchParams.get('m.env')).toBe('prod')
    expect(sent[0]?.body).toEqual({ note: 'INC-1' })
    await userEvent.click(screen.getByRole('button', { name: 'Undo the acknowledgement by alice: INC-1' }))
    expect(await screen.findByText('40 open')).toBeVisible()
    expect(sent[1]?.body).toEqual({ run: 'r-1' })
  })

  it('shows the attempt shapes of each group as they are read, and groups by shape on a sample', async () => {
    let read = 40
    const shapes = () => ({
      sampled: 200,
      read,
      unreadable: read === 200 ? 0 : 2,
      pending: 200 - read - (read === 200 ? 0 : 2),
      top: [{ label: '4 or more attempts, 20 minutes or more each (failed late)', count: read }],
    })
    mswServer.use(
      http.get('*/api/triage', () => {
        read = Math.min(200, read + 80)
        return HttpResponse.json(answer([group('eu-west-1', 900, { shapes: shapes() })], EXACT))
      }),
    )
    const callbacks = showBoard({ openGroup: 'key:eu-west-1' })
    const row = await screen.findByRole('group', { name: 'Samples of eu-west-1' })
    expect(
      within(row).getByText(/120 of 200 sampled failures read, 78 being read, 2 the API would not list…/),
    ).toBeVisible()
    // While attempts are read the board asks again soon, until the sample is done.
    expect(
      await within(row).findByText('200 of 200 sampled failures read', {}, { timeout: 4_000 }),
    ).toBeVisible()
    expect(
      within(row).getByText('4 or more attempts, 20 minutes or more each (failed late): 200'),
    ).toBeVisible()
    await userEvent.selectOptions(screen.getByLabelText('Group by'), 'Attempt shape (on a sample of 200)')
    expect(callbacks.onGroupByChange).toHaveBeenCalledWith({ kind: 'shape' })
  })

  it('grouped by shape, says the groups hold the sample, and cannot reschedule them by filter', async () => {
    mswServer.use(
      http.get('*/api/triage', () =>
        HttpResponse.json({
          ...answer([group('x', 37, { id: 'shape:4+:late', label: 'Slow', selection: null })], EXACT),
          groupBy: { kind: 'shape', sample: { sampled: 200, read: 200, unreadable: 0, pending: 0 } },
        }),
      ),
    )
    showBoard({ groupBy: { kind: 'shape' } })
    const slow = await screen.findByRole('row', { name: /Slow 37 sampled/ })
    expect(
      screen.getByText(
        'Grouped by the attempts of a sample of the failures: 200 of 200 sampled failures read.',
      ),
    ).toHaveRole('status')
    // Why it cannot be rescheduled is said in the row, not only in a title.
    expect(within(slow).queryByRole('button', { name: /^Reschedule/ })).not.toBeInTheDocument()
    expect(within(slow).getByText('Sample only: acknowledge')).toBeVisible()
    expect(within(slow).getByText(/The API cannot filter by attempts/)).toBeInTheDocument()
  })

  it('offers Retry when the board cannot be grouped', async () => {
    let calls = 0
    mswServer.use(
      http.get('*/api/triage', () => {
        calls += 1
        return calls === 1
          ? HttpResponse.json({ error: { code: 'index_unavailable', message: 'off' } }, { status: 503 })
          : HttpResponse.json(answer([group('eu-west-1', 2)], EXACT))
      }),
    )
    showBoard()
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('row', { name: /eu-west-1 2 failed/ })).toBeVisible()
  })

  it('lends each sample that came as a row to the links the composer renders; one that does not read gets none', async () => {
    const row = (id: string, created: string) => ({
      id,
      state: 'failed',
      created_at: created,
      updated_at: '2026-11-24T09:00:00Z',
    })
    mswServer.use(
      http.get('*/api/triage', () =>
        HttpResponse.json(
          answer(
            [
              group('eu-west-1', 2, {
                samples: ['exec-a', 'exec-b'],
                sampleRows: [row('exec-a', '2026-11-24T08:00:00Z'), row('exec-b', 'no time')],
              }),
            ],
            EXACT,
          ),
        ),
      ),
    )
    const rendered: string[] = []
    showBoard({
      openGroup: 'key:eu-west-1',
      renderSampleLinks: (execution) => {
        rendered.push(execution.id)
        return <a href={`https://logs.example/${execution.id}`}>Logs of {execution.id}</a>
      },
    })
    expect(await screen.findByRole('link', { name: 'Logs of exec-a' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Logs of exec-b' })).not.toBeInTheDocument()
    expect(new Set(rendered)).toEqual(new Set(['exec-a']))
  })
})
