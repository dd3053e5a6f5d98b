import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { Execution } from '../../api'
import { countStandings, type BulkRunReport, type RunMember } from '../../../shared/bulkRunReport'
import { createClientStore } from '../../lib/clientStore'
import { mswServer, setUpMswServer } from '../../test/mswServer'
import { renderWithProviders } from '../../test/renderWithProviders'
import { BulkBar } from './BulkBar'
import { RunSummary } from './RunSummary'
import { selectionSlice } from './selection'

setUpMswServer()
const store = createClientStore()
afterEach(() => store.set(selectionSlice, new Map()))

const execution = (id: string): Execution => ({
  id,
  state: 'failed',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:05:00Z',
})

/** The server: PATCHes recorded with their bulk run id, and a report of that run from the recorded ids. */
function server(standings: RunMember['standing'][]) {
  const sent: { id: string; run: string | null }[] = []
  const asked: string[] = []
  mswServer.use(
    http.patch('*/api/executions/:id/schedule', ({ params, request }) => {
      sent.push({ id: String(params.id), run: request.headers.get('X-Bulk-Run') })
      return HttpResponse.json({ data: { ...execution(String(params.id)), state: 'created' } })
    }),
    http.get('*/api/audit/run', ({ request }) => {
      const run = new URL(request.url).searchParams.get('bulk') ?? ''
      asked.push(run)
      const members = sent.map(({ id }, index): RunMember => ({
        id,
        outcome: 'rescheduled',
        requested_at: Date.parse('2026-11-25T09:00:00Z'),
        standing: standings[index] ?? 'waiting',
        state: 'started',
        seen_at: Date.parse('2026-11-25T09:00:05Z'),
      }))
      const report: BulkRunReport = {
        run,
        user: 'alice',
        started_at: Date.parse('2026-11-25T09:00:00Z'),
        ended_at: Date.parse('2026-11-25T09:00:01Z'),
        members,
        counts: countStandings(members),
        as_of: Date.parse('2026-11-25T09:00:06Z'),
        truncated: false,
      }
      return HttpResponse.json(report)
    }),
  )
  return { sent, asked }
}

describe('Last bulk run', () => {
  it('stays after the run’s dialog closes, shows the run’s frozen set in the list, and reopens its report', async () => {
    const { sent, asked } = server(['started', 'failed_again'])
    const shown: string[] = []
    renderWithProviders(
      <BulkBar filters={{ states: [], metadata: [] }} onShowRun={(run) => shown.push(run)} />,
      undefined,
      store,
    )
    expect(screen.queryByRole('button', { name: /^Last bulk run/ })).not.toBeInTheDocument()
    act(() => {
      store.set(selectionSlice, new Map([execution('a'), execution('b')].map((row) => [row.id, row])))
    })
    await userEvent.click(screen.getByRole('button', { name: 'Reschedule 2 executions…' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Reschedule 2 executions' }))
    await screen.findByText('2 rescheduled, 0 failed, 0 with an unknown outcome.')
    await userEvent.click(screen.getByRole('button', { name: 'Close' }))

    // The chip limits the list to the run: the id its PATCHes carried.
    await userEvent.click(await screen.findByRole('button', { name: /^Last bulk run: 2 at / }))
    const run = sent[0]?.run ?? ''
    expect(run).not.toBe('')
    expect(sent.map((patch) => patch.run)).toEqual([run, run])
    expect(shown).toEqual([run])

    // Above that list: the run's live counts, and its report with each member.
    renderWithProviders(<RunSummary run={run} />, undefined, store)
    const counts = await screen.findByRole('list', { name: 'Where the run’s executions stand now' })
    expect(
      within(counts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1 started', '1 failed again'])
    expect(asked[0]).toBe(run)
    await userEvent.click(screen.getByRole('button', { name: 'Report…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Bulk run report' })
    expect(within(dialog).getByRole('row', { name: /^b rescheduled failed again$/ })).toBeInTheDocument()
    // The dialog puts focus on Close once it is drawn (an effect after its lazy chunk: wait for it).
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus())
    await userEvent.keyboard('{Enter}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('says why the counts are missing when the report cannot be read, and reads it again on Retry', async () => {
    let fail = true
    mswServer.use(
      http.get('*/api/audit/run', () =>
        fail
          ? HttpResponse.json({ error: { code: 'not_found', message: 'No such run.' } }, { status: 404 })
          : HttpResponse.json({
              run: 'run-0123abcd',
              user: 'alice',
              started_at: 0,
              ended_at: 0,
              members: [],
              counts: countStandings([]),
              as_of: 0,
              truncated: false,
            }),
      ),
    )
    renderWithProviders(<RunSummary run="run-0123abcd" />, undefined, store)
    expect(await screen.findByText(/The run’s counts could not be read/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Download the run' })).toBeDisabled()
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByText(/^Sent by alice/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Download the run' })).toBeEnabled()
  })
})
