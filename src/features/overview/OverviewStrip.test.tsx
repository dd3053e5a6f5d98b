import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { OverviewAnswer } from '../../../shared/overview'
import { OverviewStrip, type OverviewStripProps } from './OverviewStrip'

const HOUR = 3_600_000
const answer = (change: Partial<OverviewAnswer> = {}): OverviewAnswer => ({
  filters: { states: [], metadata: [] },
  window: null,
  undated: 0,
  runningBefore: 0,
  histogram: null,
  counts: { created: 3, started: 4, succeed: 1200, failed: 57 },
  other: { PAUSED: 2 },
  pending: 0,
  total: 1266,
  coverage: { kind: 'exact', asOf: Date.UTC(2026, 10, 23, 12, 3, 10), executions: 1266, calls: 13 },
  notes: { excluded: 0, pending: 0, order: 'created_desc', refreshFailing: null },
  scanner: 'this replica',
  generatedAt: 0,
  ...change,
})

function renderStrip(props: Partial<OverviewStripProps> = {}) {
  const handlers = {
    onPickState: vi.fn(),
    onWindowChange: vi.fn(),
    onShowRunningBefore: vi.fn(),
    onRetry: vi.fn(),
  }
  render(
    <OverviewStrip
      answer={answer()}
      error={null}
      isPending={false}
      window={{ kind: 'any', field: 'created' }}
      activeStates={[]}
      live="live"
      {...handlers}
      {...props}
    />,
  )
  return handlers
}

describe('OverviewStrip', () => {
  it('leaves the time window control alone when a new answer comes (a new "as of" every few seconds)', () => {
    const props = {
      error: null,
      isPending: false,
      window: { kind: 'any', field: 'created' } as const,
      activeStates: [],
      live: 'live' as const,
      onPickState: vi.fn(),
      onWindowChange: vi.fn(),
      onShowRunningBefore: vi.fn(),
      onRetry: vi.fn(),
    }
    const { rerender } = render(<OverviewStrip {...props} answer={answer()} />)
    const controls = [
      screen.getByRole('combobox', { name: 'Time window' }),
      screen.getByRole('checkbox', { name: 'By last update' }),
    ]
    const mutations: MutationRecord[] = []
    const observer = new MutationObserver((records) => mutations.push(...records))
    for (const control of controls)
      observer.observe(control, { subtree: true, childList: true, attributes: true, characterData: true })
    const later = {
      kind: 'exact',
      asOf: Date.UTC(2026, 10, 23, 12, 3, 15),
      executions: 1266,
      calls: 14,
    } as const
    rerender(<OverviewStrip {...props} answer={answer({ coverage: later })} />)
    expect(screen.getByText(/12:03:15/)).toBeInTheDocument()
    mutations.push(...observer.takeRecords())
    observer.disconnect()
    // React writes an input's name and type again whenever it renders it.
    expect(mutations.map((record) => `${record.type} ${record.attributeName ?? ''}`)).toEqual([])
  })

  it('shows exact counts per state, the total and where they come from; a count filters the list', async () => {
    const { onPickState } = renderStrip({ activeStates: ['FAILED'] })
    const region = screen.getByRole('region', { name: 'Overview' })
    const failed = within(region).getByRole('button', { name: 'Failed 57' })
    expect(failed).toHaveAttribute('aria-pressed', 'true')
    expect(within(region).getByRole('button', { name: 'PAUSED 2' })).toHaveAttribute('aria-pressed', 'false')
    expect(region).toHaveTextContent('Total that match 1,266')
    expect(within(region).getByRole('status')).toHaveTextContent(
      /^Exact as of \d\d:\d\d:10, 1,266 executions of these filters verified, 13 calls$/,
    )
    await userEvent.click(within(region).getByRole('button', { name: 'Succeeded 1,200' }))
    expect(onPickState).toHaveBeenCalledWith('succeed')
  })

  it('never shows a lower bound as a plain number', () => {
    renderStrip({
      answer: answer({
        coverage: {
          kind: 'at_least',
          asOf: 0,
          executions: 50_000,
          calls: 500,
          reason: 'the scan reached 50,000 rows',
        },
        total: 50_000,
      }),
    })
    expect(screen.getByRole('button', { name: 'Failed ≥ 57' })).toBeInTheDocument()
    expect(screen.getByText('at least 50,000')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent(
      /^At least 50,000 executions .*the scan reached 50,000 rows$/,
    )
  })

  it('says while counting, when it could not count, and what the window cannot show', async () => {
    const { onShowRunningBefore } = renderStrip({
      window: { kind: 'relative', preset: '1h', field: 'created' },
      answer: answer({
        coverage: { kind: 'counting', executions: 12_000, estimate: 40_000, calls: 120 },
        window: { from: 10 * HOUR, to: null, field: 'created' },
        runningBefore: 7,
        notes: { excluded: 3, pending: 0, order: 'none', refreshFailing: null },
      }),
    })
    expect(screen.getByRole('status')).toHaveTextContent('Counting 12,000 of about 40,000')
    expect(screen.getByText(/the list below cover last hour/)).toBeInTheDocument()
    expect(screen.getByText(/3 rows the API returned do not match these filters/)).toBeInTheDocument()
    // Still counting: what runs from before the window is a lower bound.
    expect(screen.getByText(/^At least 7 created before this window are still running/)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Show them' }))
    expect(onShowRunningBefore).toHaveBeenCalledWith(10 * HOUR)
  })

  it('says what a window counted before the walk ended rests on, and what runs from before it a lower bound', () => {
    renderStrip({
      window: { kind: 'relative', preset: '1h', field: 'created' },
      answer: answer({
        coverage: {
          kind: 'at_least',
          asOf: 0,
          executions: 500,
          calls: 3,
          reason: "complete if the API keeps its newest-first order: the walk has passed the window's start",
          ifOrderHolds: true,
        },
        window: { from: 10 * HOUR, to: null, field: 'created' },
        runningBefore: 4,
      }),
    })
    expect(screen.getByText(/^At least 4 created before this window are still running/)).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent(/complete if the API keeps its newest-first order/)
  })

  it('offers Retry when the counts cannot be had, and keeps the last ones when a refresh fails', async () => {
    const { onRetry } = renderStrip({ answer: undefined, error: new Error('index down') })
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(onRetry).toHaveBeenCalled()
  })

  it('says how it stays fresh', () => {
    renderStrip({ live: 'polling' })
    expect(screen.getByText('The live stream is unavailable; refreshing by polling.')).toBeInTheDocument()
  })
})
