import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { Execution } from '../../api'
import { countStandings, type BulkRunReport, type RunMember } from '../../shared/bulkRunReport'
import { createClientStore } from '../../lib/clientStore'
import { mswServer, setUpMswServer } from '../../test/mswServer'
import { renderWithProviders } from '../../test/renderWithProviders'
import { BulkBar } from './BulkBar'
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
  it('stays after the run’s dialog closes and reopens the run’s frozen set with where each stands now', async () => {
    const { sent, asked } = server(['started', 'failed_again'])
    renderWithProviders(<BulkBar filters={{ states: [], metadata: [] }} />, undefined, store)
    expect(screen.queryByRole('button', { name: /^Last bulk run/ })).not.toBeInTheDocument()
    act(() => {
      store.set(selectionSlice, new Map([execution('a'), execution('b')].map((row) => [row.id, row])))
    })
    await userEvent.click(screen.getByRole('button', { name: 'Reschedule 2 executions…' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Reschedule 2 executions' }))
    await screen.findByText('2 rescheduled, 0 failed, 0 with an unknown outcome.')
    await userEvent.click(screen.getByRole('button', { name: 'Close' }))

    const chip = await screen.findByRole('button', { name: /^Last bulk run: 2 at / })
    await userEvent.click(chip)
    const dialog = await screen.findByRole('dialog', { name: 'Last bulk run' })
    const counts = await within(dialog).findByRole('list', { name: 'Where the run’s executions stand now' })
    expect(
      within(counts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1 started', '1 failed again'])
    // The report is of the run just sent: the id its PATCHes carried.
    const run = sent[0]?.run ?? ''
    expect(run).not.toBe('')
    expect(sent.map((patch) => patch.run)).toEqual([run, run])
    expect(asked[0]).toBe(run)
    expect(within(dialog).getByRole('row', { name: /^b rescheduled failed again$/ })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
