import '../../styles/buttonDone.css'
import { PendingButton } from '../../components/PendingButton'
import { useCellTabIndex } from '../../components/cellFocus'
import { useWatchRows } from './WatchRows'

/**
 * Watch or stop watching one execution (a row's actions, the attempts panel); nothing without the server's index.
 * What it shows and does comes from the list's one read (WatchRowsProvider): it subscribes to nothing.
 */
export function WatchToggle({ executionId }: { executionId: string }) {
  const { watched, failed, pending, toggle } = useWatchRows()
  const tabIndex = useCellTabIndex()
  // While the list is asked for, the button's place is held; without the index (an error) there is none.
  if (!watched) return failed ? null : <PendingButton label="Watch" />
  const watch = watched.get(executionId)
  const busy = pending.has(executionId)
  return (
    <button
      type="button"
      className={`button button-small${watch ? ' button-done' : ''}`}
      aria-pressed={watch !== undefined}
      aria-label={`Watch ${executionId}`}
      tabIndex={tabIndex}
      // Not `disabled`: focus stays on the button while the answer comes.
      aria-disabled={busy || undefined}
      // A held key toggles once, not back and forth.
      onKeyDown={(event) => {
        if (event.repeat) event.preventDefault()
      }}
      onClick={() => toggle(executionId)}
    >
      {watch ? 'Watching' : 'Watch'}
    </button>
  )
}
