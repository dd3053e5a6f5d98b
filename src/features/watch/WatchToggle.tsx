import '../../styles/buttonDone.css'
import { PendingButton } from '../../components/PendingButton'
import { useCellTabIndex } from '../../components/cellFocus'
import { useWatchActions, useWatches } from './useWatchActions'

/** Watch or stop watching one execution (a row's actions, the attempts panel); nothing without the server's index. */
export function WatchToggle({ executionId }: { executionId: string }) {
  const { list, error } = useWatches()
  const { add, stop, busy } = useWatchActions()
  const tabIndex = useCellTabIndex()
  // While the list is asked for, the button's place is held; without the index (an error) there is none.
  if (!list) return error ? null : <PendingButton label="Watch" />
  const watch = list.watches.find((kept) => kept.kind === 'execution' && kept.executionId === executionId)
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
      onClick={() => {
        if (busy) return
        if (watch) stop.mutate(watch)
        else add.mutate({ kind: 'execution', executionId })
      }}
    >
      {watch ? 'Watching' : 'Watch'}
    </button>
  )
}
