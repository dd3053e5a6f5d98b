import { useCellTabIndex } from '../../components/cellFocus'
import { useWatchActions, useWatches } from './useWatchActions'

/** Watch or stop watching one execution (a row's actions, the attempts panel); nothing without the server's index. */
export function WatchToggle({ executionId }: { executionId: string }) {
  const { list } = useWatches()
  const { add, stop, busy } = useWatchActions()
  const tabIndex = useCellTabIndex()
  if (!list) return null
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
