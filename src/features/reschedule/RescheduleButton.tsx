import { useQuery } from '@tanstack/react-query'
import { whoamiQuery, type Execution } from '../../api'
import { useCellTabIndex } from '../../components/cellFocus'
import { formatAge } from '../../lib/relativeTime'
import { useNow } from '../../lib/useNow'
import { ignoreKeyRepeat } from './keyRepeat'
import { useOpenReschedule } from './RescheduleProvider'
import { recentLabel, useRecentReschedule } from './useRecentReschedule'

/** "Reschedule <id>": opens the app's one confirmation; after a reschedule it says what happened and when. */
export function RescheduleButton({ execution }: { execution: Execution }) {
  const open = useOpenReschedule()
  const recent = useRecentReschedule(execution.id)
  const tabIndex = useCellTabIndex()
  // A viewer sees the action, disabled, with the reason (the server refuses it too).
  const refusal = useQuery({ ...whoamiQuery(), select: (who) => who.refusal }).data ?? null
  return (
    <button
      type="button"
      className={`button button-small${recent ? ' button-done' : ''}`}
      tabIndex={tabIndex}
      aria-label={recent ? `Reschedule ${execution.id} again` : `Reschedule ${execution.id}`}
      aria-disabled={refusal !== null ? true : undefined}
      title={refusal ?? undefined}
      onClick={(event) => {
        if (refusal === null) open(execution, event.currentTarget)
      }}
      onKeyDown={ignoreKeyRepeat}
    >
      {recent ? <RecentText at={recent.at} label={recentLabel(recent)} /> : 'Reschedule'}
    </button>
  )
}

function RecentText({ at, label }: { at: number; label: string }) {
  const now = useNow(10_000)
  return (
    <>
      {label} · {formatAge(at, now)}
    </>
  )
}
