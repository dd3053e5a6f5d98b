import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { Attempt, Execution } from '../../api'
import { mswServer, setUpMswServer } from '../../test/mswServer'
import { renderWithProviders } from '../../test/renderWithProviders'
import { AttemptsTable } from './AttemptsTable'
import { ExecutionLinks } from './LogLinks'

setUpMswServer()

const execution: Execution = {
  id: 'exec-7',
  state: 'failed',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:05:00Z',
  metadata: { env: 'prod' },
}
const attempt: Attempt = {
  id: 'att-1',
  state: 'failed',
  created_at: '2026-11-20T10:01:00Z',
  updated_at: '2026-11-20T10:02:00Z',
}

function configure(links: { label: string; url: string }[]) {
  mswServer.use(http.get('*/api/links', () => HttpResponse.json({ links, marginMs: 60_000 })))
}

describe('log and trace links', () => {
  it('shows each execution link by its label, built from the execution, and says what a link lacks', async () => {
    configure([
      { label: 'Logs', url: 'https://logs.example.com/?q={id}&env={metadata.env}&from={from}' },
      { label: 'Region dashboard', url: 'https://grafana.example.com/d/x?region={metadata.region}' },
      { label: 'Trace', url: 'https://trace.example.com/{attempt.id}' },
    ])
    renderWithProviders(
      <dl>
        <ExecutionLinks execution={execution} />
      </dl>,
    )
    const logs = await screen.findByRole('link', { name: 'Logs' })
    expect(logs).toHaveAttribute(
      'href',
      'https://logs.example.com/?q=exec-7&env=prod&from=2026-11-20T09%3A59%3A00.000Z',
    )
    expect(logs).toHaveAttribute('rel', 'noopener noreferrer')
    expect(screen.getByText('Region dashboard (no metadata.region)')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Trace' })).not.toBeInTheDocument()
  })

  it('gives each attempt its own links in a Links column, only when attempt links are configured', async () => {
    configure([{ label: 'Trace', url: 'https://trace.example.com/{attempt.id}?to={to_ms}' }])
    renderWithProviders(
      <AttemptsTable executionId="exec-7" execution={execution} rows={[attempt]} isStale={false} />,
    )
    const table = screen.getByRole('table', { name: 'Attempts of exec-7' })
    const trace = await within(table).findByRole('link', { name: 'Trace' })
    expect(trace).toHaveAttribute(
      'href',
      `https://trace.example.com/att-1?to=${Date.parse('2026-11-20T10:03:00Z')}`,
    )
    expect(within(table).getByRole('columnheader', { name: 'Links' })).toBeInTheDocument()
  })

  it('adds nothing when no links are configured', async () => {
    renderWithProviders(
      <AttemptsTable executionId="exec-7" execution={execution} rows={[attempt]} isStale={false} />,
    )
    await screen.findByRole('table', { name: 'Attempts of exec-7' })
    expect(screen.queryByRole('columnheader', { name: 'Links' })).not.toBeInTheDocument()
  })
})
