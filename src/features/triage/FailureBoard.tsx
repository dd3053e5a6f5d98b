import '../../styles/triage.css'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type ReactNode } from 'react'
import { whoamiQuery, type Execution } from '../../api'
import { acknowledgeGroup, triageKeys, triageQuery, undoAcknowledgement } from '../../api/triage'
import { useAnnounce } from '../../components/Announcer'
import { ApiErrorPanel } from '../../components/ErrorViews'
import { countPrefix, coverageLine } from '../../lib/coverageWords'
import { useNow } from '../../lib/useNow'
import type { ListFilters } from '../../../shared/filters'
import type { TimeWindow } from '../../../shared/timeWindow'
import type { FailureGroup, GroupBy, TriageAnswer } from '../../../shared/triage'
import { AckDialog } from './AckDialog'
import { GroupByControl } from './GroupByControl'
import { GroupTable } from './GroupTable'
import { groupLabel, groupSelection, plural } from './groupWords'
import { SampleLine } from './ShapeCell'

/** Every open board sees another user's acknowledgement within this. */
const REFRESH_MS = 5_000
/** While attempts are being read for the board, their shapes show up this often. */
const SAMPLING_REFRESH_MS = 2_000

export interface FailureBoardProps {
  filters: ListFilters
  window: TimeWindow
  groupBy: GroupBy
  utc: boolean
  onGroupByChange: (groupBy: GroupBy) => void
  onClose: () => void
  onOpenExecution: (id: string) => void
  /** A sample's log and trace links (the attempts feature builds them). */
  renderSampleLinks?: (execution: Execution) => ReactNode
  /** Opens the bulk reschedule for exactly these filters and window: the group. */
  onRescheduleGroup: (filters: ListFilters, window: TimeWindow) => void
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

function summaryText(answer: TriageAnswer): string {
  const prefix = countPrefix(answer.coverage)
  return `${prefix}${plural(answer.unaddressed, 'unaddressed failure')} of ${prefix}${answer.failed.toLocaleString('en')} failed`
}

/** Nothing to group: said as what is known, never "none" while the index still counts or could not. */
function noFailuresText(answer: TriageAnswer, window: TimeWindow): string {
  const { coverage } = answer
  switch (coverage.kind) {
    case 'exact':
      return `No failed executions in this view${window.kind === 'any' ? '' : ' and time window'}.`
    case 'counting':
      return 'No failed executions found yet; the index is still counting this view.'
    case 'failed':
      return `No failed executions found, but the index could not count this view: ${coverage.reason}`
    case 'at_least':
      return `No failed executions found so far, but the count is not complete: ${coverage.reason}`
  }
}

/** Groups by a key some failures hold several values of overlap: said, so their sizes are not added up. */
function OverlapNote({ groupBy }: { groupBy: TriageAnswer['groupBy'] }) {
  if (groupBy?.kind !== 'key' || !groupBy.overlapping) return null
  return (
    <p className="muted">
      Some executions hold several values of {groupBy.key}: each is in the group of every value it holds, as a
      filter by that value selects it, so the groups add up to more than the failures.
    </p>
  )
}

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
  const reschedule = (group: FailureGroup) => {
    const selected = groupSelection(group, filters, window)
    if (selected) props.onRescheduleGroup(selected.filters, selected.window)
  }
  return (
    <section className="triage" aria-labelledby={titleId}>
      <div className="triage-head">
        <h2 id={titleId}>Failure groups</h2>
        <p className="triage-summary" role="status">
          {answer ? summaryText(answer) : ''}
        </p>
        {answer ? (
          <GroupByControl value={answer.groupBy} keys={answer.keys} onChange={props.onGroupByChange} />
        ) : null}
        <button type="button" className="button button-small" onClick={props.onClose}>
          Close failure groups
        </button>
      </div>
      {query.error ? (
        <ApiErrorPanel
          title={
            answer ? 'Refreshing the groups failed; showing the last ones' : 'Could not group the failures'
          }
          error={query.error}
          withDetail={false}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {!answer ? (
        <p className="muted">{query.isPending ? 'Grouping failures…' : ''}</p>
      ) : (
        <>
          <p className="muted">
            Unaddressed: failed, not rescheduled since, not acknowledged. {coverageLine(answer.coverage)}.
          </p>
          <SampleLine groupBy={answer.groupBy} />
          <OverlapNote groupBy={answer.groupBy} />
          {answer.failed === 0 ? (
            <p className="triage-empty">{noFailuresText(answer, window)}</p>
          ) : (
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
            />
          )}
          {answer.more.groups > 0 ? (
            <p className="muted">
              {plural(answer.more.groups, 'smaller group')} ({plural(answer.more.executions, 'failure')}) not
              shown.
            </p>
          ) : null}
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
