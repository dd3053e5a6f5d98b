import type { WindowedFilters } from './useDryRun'
import '../../styles/dialogs.css'
import { useId, useRef, useState } from 'react'
import { ModalDialog } from '../../components/ModalDialog'
import type { Execution } from '../../api'
import { useRefreshPause } from '../../components/RefreshSettings'
import { BulkPlan } from './BulkPlan'
import { BulkProgress } from './BulkProgress'
import { BulkResults } from './BulkResults'
import { DryRunStep } from './DryRunStep'
import { useBulkRun } from './useBulkRun'
import type { PlannedExecution } from './runFigures'
import { runViewOf } from '../../lib/shownRun'

export type BulkSource =
  | { kind: 'selection'; executions: Execution[] }
  | {
      kind: 'matching'
      filters: WindowedFilters
      /** What is matched, in words: "the 5 failures of trigger = schedule (last hour, env = production)". */
      name?: string
      /** The failure group it is (its id on the board): the run's link opens the board on it. */
      group?: string
    }

/** The whole bulk flow in one app-level dialog: count first, then confirm, run, and results. */
export function BulkDialog({ source, onClose }: { source: BulkSource; onClose: () => void }) {
  const titleId = useId()
  const run = useBulkRun()
  const [planned, setPlanned] = useState<readonly PlannedExecution[] | null>(
    source.kind === 'selection' ? source.executions : null,
  )
  const [counted, setCounted] = useState<string | null>(null)
  const known = useRef(new Map<string, PlannedExecution>())
  useRefreshPause(true)

  const plan = (executions: readonly PlannedExecution[], how: string) => {
    for (const execution of executions) known.current.set(execution.id, execution)
    setCounted(how)
    setPlanned(executions)
  }
  const retry = (ids: string[]) => {
    run.reset()
    setPlanned(ids.map((id) => known.current.get(id) ?? { id, state: 'unknown' }))
  }
  const finished = run.snapshot !== null && !run.active
  const named = source.kind === 'matching' ? (source.name ?? null) : null
  const origin =
    source.kind === 'selection'
      ? 'selected'
      : named
        ? `of ${named}`
        : source.filters.window
          ? 'matching the filters in the time window'
          : 'matching the filters'
  // A group says which it is, with its count once counted: "Reschedule the 5 failures of trigger = schedule (…)".
  const title = named
    ? `Reschedule the ${planned ? `${planned.length.toLocaleString('en')} ` : ''}${planned?.length === 1 ? 'failure' : 'failures'} of ${named}`
    : `Reschedule executions ${origin}`

  return (
    <ModalDialog
      labelledBy={titleId}
      className="dialog bulk-dialog"
      onEscape={() => {
        if (!run.active) onClose()
      }}
    >
      <h2 id={titleId} className="panel-title">
        {title}
      </h2>
      {run.snapshot && run.active ? (
        <BulkProgress
          snapshot={run.snapshot}
          onPause={run.pause}
          onResume={run.resume}
          onCancel={run.cancel}
        />
      ) : finished && run.snapshot ? (
        <BulkResults snapshot={run.snapshot} onRetry={retry} onClose={onClose} />
      ) : planned ? (
        <BulkPlan
          executions={planned}
          origin={origin}
          counted={counted}
          onConfirm={(concurrency) => {
            for (const execution of planned) known.current.set(execution.id, execution)
            run.start(
              planned.map((execution) => execution.id),
              concurrency,
              runViewOf(window.location.search, source.kind === 'matching' ? (source.group ?? null) : null),
            )
          }}
          onCancel={onClose}
        />
      ) : source.kind === 'matching' ? (
        <DryRunStep filters={source.filters} onCounted={plan} onCancel={onClose} />
      ) : null}
    </ModalDialog>
  )
}
