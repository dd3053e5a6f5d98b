import '../../styles/buttonDone.css'
import type { Execution, TrailMark } from '../../api'
import { useCellTabIndex } from '../../components/cellFocus'
import { formatAge } from '../../lib/formatAge'
import { ignoreKeyRepeat } from './keyRepeat'
import { useOpenReschedule, useRescheduleClock, useRowReschedule } from './RescheduleProvider'
import { recentLabel } from './useRecentReschedule'

/**
 * "Reschedule <id>": opens the app's one confirmation; after a reschedule it says what happened and when. It reads
 * what it shows from the provider's one read for the list: a row's button subscribes to nothing.
 */
export function RescheduleButton({ execution }: { execution: Execution }) {
  const open = useOpenReschedule()
  // A viewer sees the action, disabled, with the reason (the server refuses it too).
  const { own, mark, refusal } = useRowReschedule(execution.id)
  // This tab's own outcome is the freshest; else what the trail says anyone did in the last hour.
  const recent = own ?? mark
  const tabIndex = useCellTabIndex()
  return (
    <button
      type="button"
      className={`button button-small${recent ? ' button-done' : ''}`}
      tabIndex={tabIndex}
      aria-label={recent ? `Reschedule ${execution.id} again` : `Reschedule ${execution.id}`}
      aria-disabled={refusal !== null ? true : undefined}
      title={refusal ?? (!own && mark ? `Rescheduled by ${mark.user}` : undefined)}
      onClick={(event) => {
        if (refusal === null) open(execution, event.currentTarget)
      }}
      onKeyDown={ignoreKeyRepeat}
    >
      {own ? (
        <RecentText at={own.at} label={recentLabel(own)} />
      ) : mark ? (
        <RecentText at={mark.at} label={trailLabel(mark)} />
      ) : (
        'Reschedule'
      )}
    </button>
  )
}

/** "Rescheduled by alice": the name the trail keeps, without the token's mark, cut to fit the cell. */
function trailLabel(mark: TrailMark): string {
  const name = mark.user.replace(/ \(.*\)$/, '')
  const short = name.length > 18 ? `${name.slice(0, 17)}…` : name
  return mark.outcome === 'rescheduled' ? `Rescheduled by ${short}` : `Outcome unknown (${short})`
}

function RecentText({ at, label }: { at: number; label: string }) {
  const now = useRescheduleClock()
  return (
    <>
      {label} · {formatAge(at, now)}
    </>
  )
}
