import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { vi } from 'vitest'
import { renderWithProviders } from '../../test/renderWithProviders'
import type { FailureGroup, TriageAnswer } from '../../../shared/triage'
import { FailureBoard, type FailureBoardProps } from './FailureBoard'

/* What the board's tests share: groups and answers as the server sends them, and the board as the app composes it. */

export const AT = Date.UTC(2026, 10, 24, 9, 0)
export const group = (id: string, size: number, extra: Partial<FailureGroup> = {}): FailureGroup => ({
  id: `key:${id}`,
  label: id,
  size,
  firstSeen: AT - 3_600_000,
  lastSeen: AT,
  samples: [`exec-${id}-1`],
  open: size,
  acknowledged: 0,
  rescheduled: 0,
  acks: [],
  selection: { kind: 'metadata', key: 'region', value: id },
  shapes: null,
  ...extra,
})
export const answer = (groups: FailureGroup[], coverage: TriageAnswer['coverage']): TriageAnswer => ({
  groupBy: { kind: 'key', key: 'region' },
  keys: [
    { key: 'region', score: 0.4, values: 3 },
    { key: 'team', score: 0.1, values: 5 },
  ],
  failed: groups.reduce((sum, item) => sum + item.size, 0),
  unaddressed: groups.reduce((sum, item) => sum + item.open, 0),
  groups,
  more: { groups: 0, executions: 0 },
  coverage,
  generatedAt: AT,
})
export const EXACT = { kind: 'exact', asOf: AT, executions: 900, calls: 9 } as const

/** The board with its open group kept as the composer keeps it (in the URL there). */
function Board(props: FailureBoardProps) {
  const [open, setOpen] = useState<string | null>(props.openGroup ?? null)
  return (
    <FailureBoard
      {...props}
      openGroup={open}
      onToggleGroup={(id) => {
        props.onToggleGroup?.(id)
        setOpen(id)
      }}
    />
  )
}

export function showBoard(props: Partial<FailureBoardProps> = {}) {
  const handlers = {
    onGroupByChange: vi.fn(),
    onClose: vi.fn(),
    onOpenExecution: vi.fn(),
    onRescheduleGroup: vi.fn(),
    onSuggested: vi.fn(),
    onToggleGroup: vi.fn(),
  }
  renderWithProviders(
    <Board
      filters={{ states: [], metadata: [{ key: 'env', values: ['prod'] }] }}
      window={{ kind: 'relative', preset: '24h', field: 'created' }}
      groupBy={{ kind: 'auto' }}
      utc
      {...handlers}
      {...props}
    />,
  )
  return handlers
}

export const showSamples = async (label: string) =>
  userEvent.click(await screen.findByRole('button', { name: `Show the samples of ${label}` }))
