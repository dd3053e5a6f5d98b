import { Fragment, useEffect, useRef, type ReactNode, type RefObject } from 'react'
import type { Execution } from '../../api'
import { GridKeys } from '../../components/GridKeys'
import { useGridTabStop } from '../../components/useGridTabStop'
import { InGridRowContext } from '../../components/cellFocus'
import type { AckRun, FailureGroup } from '../../../shared/triage'
import { countPrefix } from '../../lib/coverageWords'
import { rowAttributes, rowElements, rowIdOf } from '../../lib/rowLookup'
import { isModalOpen } from '../../lib/keyTargets'
import type { Coverage } from '../../../shared/coverage'
import { GroupDetails } from './GroupDetails'
import { groupLabel, rescheduleBlock } from './groupWords'

export interface GroupTableProps {
  groups: readonly FailureGroup[]
  groupKey: string | null
  /** Grouped by attempt shape: sizes count the sample, and there is no shape line. */
  byShape: boolean
  coverage: Coverage
  utc: boolean
  now: number
  /** Why this user may not act (a viewer), or null. */
  refusal: string | null
  /** The group whose samples are shown (`open-group` in the URL), or null. */
  openGroup: string | null
  onToggleGroup: (id: string) => void
  onOpenExecution: (id: string) => void
  /** A sample's log and trace links, lent by the composer (the attempts feature builds them). */
  renderSampleLinks?: ((execution: Execution) => ReactNode) | undefined
  onReschedule: (group: FailureGroup) => void
  onAcknowledge: (group: FailureGroup) => void
  onUndo: (run: AckRun) => void
  /** The run being undone, if any: its button waits. */
  undoing: string | null
  /** Why `r` or `a` did nothing on a row (said aloud). */
  onRefused: (reason: string) => void
}

/** A group that cannot be rescheduled says why, briefly, in its row (and fully in the button's description). */
const SHORT_BLOCK: Record<string, string> = {
  rest: 'No filter selects it',
  shape: 'Sample only: acknowledge',
  missing: 'No filter for a missing key',
}
const shortBlock = (group: FailureGroup) =>
  SHORT_BLOCK[group.id === 'rest' ? 'rest' : group.id.startsWith('shape:') ? 'shape' : 'missing']

/**
 * One line per group, largest first: its name, how many failed, how many are open, and its actions; the samples,
 * times, shapes and acknowledgements on demand (Enter or Samples). One arrow-key grid, as the list is.
 */
export function GroupTable(props: GroupTableProps) {
  const { groups, refusal, openGroup } = props
  const prefix = countPrefix(props.coverage)
  const bodyRef = useRef<HTMLTableSectionElement>(null)
  const { tabStopId, onFocus } = useGridTabStop(groups.map((group) => group.id))
  useFocusKept(bodyRef, groups)
  const byId = (id: string) => groups.find((group) => group.id === id)
  const reschedule = (group: FailureGroup) => {
    const blocked = refusal ?? rescheduleBlock(group)
    if (blocked)
      props.onRefused(`${groupLabel(group, props.groupKey, props.utc)} cannot be rescheduled: ${blocked}`)
    else props.onReschedule(group)
  }
  const acknowledge = (group: FailureGroup) => {
    const blocked = refusal ?? (group.open === 0 ? 'Every failure of this group is addressed.' : null)
    if (blocked) props.onRefused(blocked)
    else props.onAcknowledge(group)
  }
  return (
    <table className="triage-table" role="grid" aria-label="Failure groups, largest first">
      <thead>
        <tr>
          <th scope="col">
            {props.byShape ? 'Attempt shape' : props.groupKey ? `Group (${props.groupKey})` : 'Group'}
          </th>
          <th scope="col">Failed, open</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody ref={bodyRef} onFocus={onFocus}>
        <InGridRowContext.Provider value>
          {groups.map((group) => {
            const label = groupLabel(group, props.groupKey, props.utc)
            const blocked = refusal ?? rescheduleBlock(group)
            const isOpen = openGroup === group.id
            const detailsId = `triage-details-${group.id}`
            return (
              <Fragment key={group.id}>
                <tr
                  {...rowAttributes(group.id)}
                  tabIndex={tabStopId === group.id ? 0 : -1}
                  className={`triage-row${isOpen ? ' is-open' : ''}`}
                >
                  <td className="triage-toggle-cell">
                    <button
                      type="button"
                      className="triage-toggle"
                      tabIndex={-1}
                      aria-expanded={isOpen}
                      aria-controls={isOpen ? detailsId : undefined}
                      aria-label={`${isOpen ? 'Hide' : 'Show'} the samples of ${label}`}
                      onClick={() => props.onToggleGroup(group.id)}
                    >
                      {isOpen ? '▾' : '▸'}
                    </button>
                  </td>
                  <th scope="row" className="triage-group">
                    <span className="triage-label" title={label}>
                      {label}
                    </span>
                  </th>
                  <td className="numeric triage-counts">
                    <span>
                      {props.byShape ? '' : prefix}
                      {group.size.toLocaleString('en')}
                      {props.byShape ? ' sampled' : ' failed'}
                    </span>{' '}
                    <span className={group.open > 0 ? 'triage-open' : undefined}>
                      {group.open.toLocaleString('en')} open
                    </span>
                  </td>
                  <td className="triage-actions">
                    {blocked === null ? (
                      <button
                        type="button"
                        className="button button-small"
                        tabIndex={-1}
                        aria-haspopup="dialog"
                        aria-label={`Reschedule the failures of ${label}…`}
                        onClick={() => props.onReschedule(group)}
                      >
                        Reschedule…
                      </button>
                    ) : (
                      <span className="triage-blocked muted" title={blocked}>
                        {refusal ? 'Viewers cannot reschedule' : shortBlock(group)}
                        <span className="visually-hidden">: {blocked}</span>
                      </span>
                    )}
                    <button
                      type="button"
                      className="button button-small"
                      tabIndex={-1}
                      aria-haspopup="dialog"
                      aria-label={`Acknowledge the failures of ${label}…`}
                      disabled={refusal !== null || group.open === 0}
                      title={
                        refusal ??
                        (group.open === 0 ? 'Every failure of this group is addressed.' : undefined)
                      }
                      onClick={() => props.onAcknowledge(group)}
                    >
                      Acknowledge…
                    </button>
                  </td>
                </tr>
                {isOpen ? (
                  <tr className="triage-details-row" id={detailsId}>
                    <td colSpan={4}>
                      <InGridRowContext.Provider value={false}>
                        <GroupDetails group={group} label={label} {...props} />
                      </InGridRowContext.Provider>
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            )
          })}
        </InGridRowContext.Provider>
      </tbody>
      <GridKeys
        bodyRef={bodyRef}
        onOpen={(id) => props.onToggleGroup(id)}
        onReschedule={(id) => {
          const group = byId(id)
          if (group) reschedule(group)
        }}
        onAcknowledge={(id) => {
          const group = byId(id)
          if (group) acknowledge(group)
        }}
      />
    </table>
  )
}

/** A group that left the board (rescheduled, say) while it had focus hands focus to the first group, not the body. */
function useFocusKept(body: RefObject<HTMLElement | null>, groups: readonly FailureGroup[]) {
  const last = useRef<string | null>(null)
  useEffect(() => {
    const table = body.current
    const remember = (event: globalThis.FocusEvent) => {
      last.current = rowIdOf(event.target)
    }
    table?.addEventListener('focusin', remember)
    return () => table?.removeEventListener('focusin', remember)
  }, [body])
  useEffect(() => {
    const id = last.current
    if (id === null || document.activeElement !== document.body || isModalOpen()) return
    if (groups.some((group) => group.id === id)) return
    rowElements(body.current)[0]?.focus()
  }, [body, groups])
}
