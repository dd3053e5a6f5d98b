import type { ExportPhase } from './useExport'

const rowsText = (rows: number) => `${rows.toLocaleString()} ${rows === 1 ? 'row' : 'rows'}`

/** What the last export did, in words; a partial file always says it is partial. */
export function ExportOutcome({ phase }: { phase: ExportPhase }) {
  switch (phase.kind) {
    case 'idle':
    case 'running':
      return null
    case 'stopped':
      return <p>Stopped after {rowsText(phase.rows)}; nothing was saved.</p>
    case 'refused':
      return <p className="dialog-error">The export did not start: {phase.message}</p>
    case 'broken':
      return (
        <p className="dialog-error">
          The download broke off after {rowsText(phase.rows)}; nothing was saved. {phase.message}
        </p>
      )
    case 'done':
      if (phase.ending.kind === 'failed') {
        return (
          <p className="dialog-error">
            The export stopped after {rowsText(phase.rows)}: {phase.ending.reason}. Saved {phase.fileName};
            its last line marks where it stops.
          </p>
        )
      }
      if (phase.ending.kind === 'incomplete') {
        return (
          <p className="dialog-warning">
            Saved {phase.fileName} with {rowsText(phase.rows)}, but it may not hold every execution asked for:{' '}
            {phase.ending.reason}. Its last line says so too.
          </p>
        )
      }
      if (phase.ending.kind === 'cut') {
        return (
          <p className="dialog-warning">
            Saved {phase.fileName} with the first {rowsText(phase.rows)}: exports stop at{' '}
            {phase.ending.atRows.toLocaleString()} rows. Narrow the filters to get the rest.
          </p>
        )
      }
      return (
        <p>
          Saved {phase.fileName}: {rowsText(phase.rows)}.
        </p>
      )
  }
}
