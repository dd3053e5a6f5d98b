import { lazy, useId, useState } from 'react'
import { RUN_SHOWN_REFUSAL, useListFailure } from '../../components/listHealth'
import { readShownRun } from '../../lib/shownRun'
import { useCommands } from '../../components/useCommands'
import { OpeningOnDemand } from '../../components/OpeningOnDemand'

const ExportDialog = lazy(async () => ({ default: (await import('./ExportDialog')).ExportDialog }))

export function ExportButton({ search }: { search: string }) {
  const [isOpen, setOpen] = useState(false)
  const reasonId = useId()
  const failure = useListFailure()
  // An export of a list that cannot be loaded would fail the same way, or end in an empty file that looks true.
  const refusal = readShownRun(search) !== null ? RUN_SHOWN_REFUSAL : (failure?.refusal ?? null)
  useCommands(() => [
    {
      id: 'export',
      label: 'Export…',
      group: 'Action',
      keywords: 'download csv ndjson file',
      disabled: refusal,
      run: () => setOpen(true),
    },
  ])
  return (
    <>
      <button
        type="button"
        className="button button-small"
        aria-haspopup="dialog"
        disabled={refusal !== null}
        aria-describedby={refusal ? reasonId : undefined}
        onClick={() => setOpen(true)}
      >
        Export…
      </button>
      {refusal ? (
        <span id={reasonId} className="muted">
          {refusal}
        </span>
      ) : null}
      {isOpen ? (
        <OpeningOnDemand>
          <ExportDialog search={search} onClose={() => setOpen(false)} />
        </OpeningOnDemand>
      ) : null}
    </>
  )
}
