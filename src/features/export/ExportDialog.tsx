import { readWindowParams } from '../../../shared/timeWindow'
import { windowText } from '../../lib/windowText'
import '../../styles/dialogs.css'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { linksQuery } from '../../api/links'
import { isAttemptLink } from '../../../shared/linkTemplates'
import { ModalDialog } from '../../components/ModalDialog'
import { useTimeMode } from '../../components/TimeDisplay'
import { readFilterParams } from '../../../shared/filterCodec'
import { describeLinkProblems, linkFilterProblems } from '../../lib/linkProblems'
import type { ExportFormat } from './exportLines'
import { ExportOutcome } from './ExportOutcome'
import { useExport } from './useExport'
import { lastBulkRunSlice } from '../../components/lastBulkRun'
import { clock, formatCount } from '../../lib/coverageWords'
import { useSlice } from '../../lib/useClientStore'

const FORMATS: readonly (readonly [ExportFormat, string, string])[] = [
  ['csv', 'CSV', 'for spreadsheets; metadata as one JSON column'],
  ['ndjson', 'JSON lines (NDJSON)', 'one execution per line, as the API sent it, for scripts'],
]

function describeFilters(search: string): string {
  const { filters } = readFilterParams(new URLSearchParams(search))
  const parts = [
    ...filters.states.map((state) => `state ${state}`),
    ...filters.metadata.flatMap(({ key, values }) => values.map((value) => `${key}=${value}`)),
  ]
  return parts.length > 0
    ? `Every execution that matches ${parts.join(', ')}`
    : 'Every execution (no filters)'
}

/** Exports every execution the current filters match, not just the page on screen. */
export function ExportDialog({ search, onClose }: { search: string; onClose: () => void }) {
  const titleId = useId()
  const [format, setFormat] = useState<ExportFormat>('csv')
  const { phase, start, stop, reset } = useExport(search)
  const running = phase.kind === 'running'
  const timeWindow = readWindowParams(new URLSearchParams(search)).window
  const utc = useTimeMode() === 'utc'
  const problems = linkFilterProblems(search)
  const logLinks = (useQuery(linksQuery()).data?.links ?? []).filter((link) => !isAttemptLink(link))
  const [withLinks, setWithLinks] = useState(false)
  const lastRun = useSlice(lastBulkRunSlice)
  // The dialog opens on Start export (CSV is chosen): `e` then Enter exports. The open dialog focused its first
  // control before this runs.
  const primary = useRef<HTMLButtonElement>(null)
  useEffect(() => primary.current?.focus(), [])

  return (
    <ModalDialog
      labelledBy={titleId}
      className="dialog export-dialog"
      onEscape={() => {
        stop()
        onClose()
      }}
    >
      <h2 id={titleId} className="panel-title">
        Export executions
      </h2>
      {timeWindow.kind === 'any' ? (
        <p>{describeFilters(search)}, all pages, straight from the API.</p>
      ) : (
        <p>
          {describeFilters(search)}, in the time window{' '}
          {windowText(timeWindow, utc).replace(/^./, (first) => first.toLowerCase())}, newest first, from the
          dashboard&apos;s index (the API has no time filter). A moving window is fixed when the export
          starts; if the index does not hold every execution, the file&apos;s last line says so.
        </p>
      )}
      {lastRun ? (
        <p className="notice">
          You rescheduled {formatCount(lastRun.count)} {lastRun.count === 1 ? 'execution' : 'executions'} at{' '}
          {clock(lastRun.at)}. This export reflects the current filter, not the set you rescheduled.
        </p>
      ) : null}
      <fieldset className="export-formats" disabled={running}>
        <legend>Format</legend>
        {FORMATS.map(([value, label, hint]) => (
          <label key={value}>
            <input
              type="radio"
              name="export-format"
              value={value}
              checked={format === value}
              onChange={() => {
                setFormat(value)
                reset()
              }}
            />{' '}
            {label} <span className="muted">({hint})</span>
          </label>
        ))}
      </fieldset>
      {logLinks.length > 0 ? (
        <label className="export-links">
          <input
            type="checkbox"
            checked={withLinks}
            disabled={running}
            onChange={(event) => setWithLinks(event.currentTarget.checked)}
          />{' '}
          Add a column for each log link ({logLinks.map((link) => link.label).join(', ')})
        </label>
      ) : null}
      {running ? (
        <p className="export-progress">
          <progress aria-label="Export progress" />
          <span>{phase.rows.toLocaleString()} rows so far</span>
        </p>
      ) : null}
      {problems.length > 0 ? (
        <p className="dialog-error" id={`${titleId}-problems`}>
          {describeLinkProblems(problems)}
        </p>
      ) : null}
      <div role="status" className="export-status">
        {running ? 'Exporting…' : <ExportOutcome phase={phase} />}
      </div>
      <div className="dialog-actions">
        {running ? (
          <button ref={primary} type="button" className="button" onClick={stop}>
            Stop
          </button>
        ) : (
          <button
            ref={primary}
            type="button"
            className="button button-primary"
            disabled={problems.length > 0}
            aria-describedby={problems.length > 0 ? `${titleId}-problems` : undefined}
            onClick={() => void start(format, withLinks)}
          >
            {phase.kind === 'idle' ? 'Start export' : 'Export again'}
          </button>
        )}
        <button
          type="button"
          className="button"
          onClick={() => {
            stop()
            onClose()
          }}
        >
          Close
        </button>
      </div>
    </ModalDialog>
  )
}
