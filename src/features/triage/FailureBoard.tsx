import '../../styles/triage.css'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react'
import { whoamiQuery, type Execution } from '../../api'
import { acknowledgeGroup, triageKeys, triageQuery, undoAcknowledgement } from '../../api/triage'
import { useAnnounce } from '../../components/Announcer'
import { ApiErrorPanel } from '../../components/ErrorViews'
import { useNow } from '../../lib/useNow'
import type { ListFilters } from '../../../shared/filters'
import type { TimeWindow } from '../../../shared/timeWindow'
import type { FailureGroup, GroupBy, TriageAnswer } from '../../../shared/triage'
import { AckDialog } from './AckDialog'
import { BoardBody, BoardHead } from './BoardParts'
import { GroupTable } from './GroupTable'
import { groupLabel, groupName, groupSelection, plural } from './groupWords'
import { rowElements } from '../../lib/rowLookup'
import { isModalOpen, isTyping } from '../../lib/keyTargets'

/** Every open board sees another user's acknowledgement within this. */
const REFRESH_MS = 5_000
/** While attempts are being read for the board, their shapes show up this often. */
const SAMPLING_REFRESH_MS = 2_000

export interface FailureBoardProps {
  filters: ListFilters
  window: TimeWindow
  groupBy: GroupBy
  /** The grouping was the board's suggestion (the best splitter, on first open), not the user's choice. */
  suggested?: boolean
  /** On first open without a grouping: the one the board suggests, for the composer to keep (in the URL). */
  onSuggested?: (groupBy: GroupBy) => void
  /** The group whose samples are shown, or null. */
  openGroup?: string | null
  onToggleGroup?: (id: string | null) => void
  utc: boolean
  onGroupByChange: (groupBy: GroupBy) => void
  onClose: () => void
  onOpenExecution: (id: string) => void
  /** A sample's log and trace links (the attempts feature builds them). */
  renderSampleLinks?: (execution: Execution) => ReactNode
  /** Opens the bulk reschedule for exactly these filters and window: the group (its id and its name in words). */
  onRescheduleGroup: (filters: ListFilters, window: TimeWindow, group?: { id: string; name: string }) => void
}

const asGroupBy = (answer: TriageAnswer): GroupBy =>
  answer.groupBy === null
    ? { kind: 'auto' }
    : answer.groupBy.kind === 'key'
      ? { kind: 'key', key: answer.groupBy.key }
      : { kind: answer.groupBy.kind }

/** Attempts are still being read for this answer's shapes. */
const sampling = (answer: TriageAnswer | undefined) =>
  answer !== undefined &&
  (answer.groupBy?.kind === 'shape'
    ? answer.groupBy.sample.pending > 0
    : answer.groups.some((group) => (group.shapes?.pending ?? 0) > 0))

/** The view's failures as the few causes they are, with what was done about each, from the server's index. */
export function FailureBoard(props: FailureBoardProps) {
  const { filters, window, utc } = props
  const titleId = useId()
  const client = useQueryClient()
  const announce = useAnnounce()
  const now = useNow(30_000)
  const query = useQuery({
    ...triageQuery(filters, window, props.groupBy),
    refetchInterval: (current) => (sampling(current.state.data) ? SAMPLING_REFRESH_MS : REFRESH_MS),
  })
  const refusal = useQuery(whoamiQuery()).data?.refusal ?? null
  const [acking, setAcking] = useState<FailureGroup | null>(null)
  const refresh = () => void client.invalidateQueries({ queryKey: triageKeys.all })
  const undo = useMutation({
    mutationFn: (run: string) => undoAcknowledgement(run),
    onSuccess: ({ count }) => {
      announce(`Acknowledgement undone: ${plural(count, 'failure')} open again.`)
      refresh()
    },
    onError: () => announce('The acknowledgement could not be undone; try again.'),
  })
  const answer = query.data
  const groupKey = answer?.groupBy?.kind === 'key' ? answer.groupBy.key : null
  const [collapsed, setCollapsed] = useState(false)
  const sectionRef = useRef<HTMLElement>(null)
  const { onSuggested } = props
  const auto = props.groupBy.kind === 'auto'
  // The board's suggestion is kept as the grouping from now on: it never regroups on its own.
  useEffect(() => {
    if (!auto || !answer?.groupBy) return
    const suggestion = asGroupBy(answer)
    // The same groups under the grouping's own name: kept in the cache, the board does not blink (nor lose focus).
    client.setQueryData(triageQuery(filters, window, suggestion).queryKey, answer)
    onSuggested?.(suggestion)
  }, [auto, answer, onSuggested, client, filters, window])
  useFocusOnFirstGroup(sectionRef)
  const reschedule = (group: FailureGroup) => {
    const selected = groupSelection(group, filters, window)
    const name = groupName(group, groupKey, filters, window, utc)
    if (selected) props.onRescheduleGroup(selected.filters, selected.window, { id: group.id, name })
  }
  return (
    <section ref={sectionRef} className="triage" aria-labelledby={titleId}>
      <BoardHead
        titleId={titleId}
        answer={answer}
        collapsed={collapsed}
        onCollapse={() => setCollapsed((value) => !value)}
        suggested={props.suggested === true}
        onGroupByChange={props.onGroupByChange}
        onClose={props.onClose}
      />
      {collapsed ? null : (
        <>
          {query.error ? (
            <ApiErrorPanel
              title={
                answer
                  ? 'Refreshing the groups failed; showing the last ones'
                  : 'Could not group the failures'
              }
              error={query.error}
              withDetail={false}
              onRetry={() => void query.refetch()}
            />
          ) : null}
          {answer ? (
            <BoardBody answer={answer} window={window}>
              <GroupTable
                groups={answer.groups}
                groupKey={groupKey}
                byShape={answer.groupBy?.kind === 'shape'}
                coverage={answer.coverage}
                utc={utc}
                now={now}
                refusal={refusal}
                onOpenExecution={props.onOpenExecution}
                renderSampleLinks={props.renderSampleLinks}
                onReschedule={reschedule}
                onAcknowledge={setAcking}
                onUndo={(run) => undo.mutate(run.run)}
                undoing={undo.isPending ? (undo.variables ?? null) : null}
                openGroup={props.openGroup ?? null}
                onToggleGroup={(id) => props.onToggleGroup?.(props.openGroup === id ? null : id)}
                onRefused={(reason) => announce(reason, 'error')}
              />
            </BoardBody>
          ) : (
            <p className="muted">{query.isPending ? 'Grouping failures…' : ''}</p>
          )}
        </>
      )}
      {acking && answer ? (
        <AckDialog
          label={groupLabel(acking, groupKey, utc)}
          open={acking.open}
          size={acking.size}
          onAcknowledge={(note) => acknowledgeGroup(filters, window, asGroupBy(answer), acking.id, note)}
          onDone={(count) => {
            setAcking(null)
            announce(`Acknowledged ${plural(count, 'failure')}.`)
            refresh()
          }}
          onClose={() => setAcking(null)}
        />
      ) : null}
    </section>
  )
}

/**
 * Focus goes to what was opened: the board's title at once, then its first group once there are groups (unless the
 * user has moved on meanwhile: typing, a dialog, or focus elsewhere than the title). Once per board.
 */
function useFocusOnFirstGroup(section: RefObject<HTMLElement | null>) {
  const done = useRef(false)
  useEffect(() => {
    if (done.current || isModalOpen() || isTyping(document.activeElement)) return
    const title = section.current?.querySelector<HTMLElement>('h2')
    const [first] = rowElements(section.current)
    const active = document.activeElement
    const waiting = active === title || active === document.body || !section.current?.contains(active)
    if (!waiting) return
    if (first) {
      done.current = true
      first.focus()
    } else if (active !== title) title?.focus()
  })
}
