import { queryOptions } from '@tanstack/react-query'
import type { ListFilters } from '../../shared/filters'
import type { TimeWindow } from '../../shared/timeWindow'
import { groupByText, GROUP_PARAM, type GroupBy, type TriageAnswer } from '../../shared/triage'
import { isWholeCount, readCoverage } from '../../shared/coverage'
import { callRoute, routeSearch } from './route'
import { anyAnswer } from './transport'
import { notRead, type ReadResult } from '../../shared/readResult'

/*
 * Failure triage from the server's index (GET /api/triage): the view's failures grouped, and what was done about
 * them. Acknowledgements are kept by the server for every user (POST /api/triage/ack, /undo).
 */
export const triageKeys = {
  all: ['triage'] as const,
}

/** The counts and coverage the board and the overview say must be what they claim; the groups must be a list. */
export function readTriageAnswer(payload: unknown): ReadResult<TriageAnswer> {
  const answer = payload as Partial<TriageAnswer> | null
  const problems: { path: string; message: string }[] = []
  if (!answer || typeof answer !== 'object') return notRead('expected an object')
  if (!isWholeCount(answer.failed) || !isWholeCount(answer.unaddressed))
    problems.push({ path: 'failed', message: 'expected whole counts of failed and unaddressed executions' })
  if (readCoverage(answer.coverage) === null)
    problems.push({ path: 'coverage', message: 'expected a coverage' })
  if (!Array.isArray(answer.groups) || !Array.isArray(answer.keys))
    problems.push({ path: 'groups', message: 'expected a list of groups and of keys' })
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: answer as TriageAnswer }
}

/** The board's part of the query: its grouping, or the counts alone. */
const boardQuery = (groupBy: GroupBy | null) => ({
  [GROUP_PARAM]: groupBy ? groupByText(groupBy) : null,
  summary: groupBy ? null : 1,
})

/** The board for a view and grouping; `null` grouping: the counts alone (the overview's line). */
export function triageQuery(filters: ListFilters, window: TimeWindow, groupBy: GroupBy | null) {
  const target = { view: { filters, window }, query: boardQuery(groupBy) }
  return queryOptions({
    queryKey: [...triageKeys.all, routeSearch<'triage'>(target).toString()] as const,
    queryFn: ({ signal }) => callRoute('triage', { ...target, read: readTriageAnswer, signal }),
  })
}

/** Acknowledges every failure of a group as the server sees it now, with a note; the run undoes it. */
export function acknowledgeGroup(
  filters: ListFilters,
  window: TimeWindow,
  groupBy: GroupBy,
  groupId: string,
  note: string,
) {
  return callRoute('acknowledge', {
    view: { filters, window },
    query: { [GROUP_PARAM]: groupByText(groupBy), id: groupId },
    body: { note },
    read: anyAnswer,
  }) as Promise<{ run: string; count: number }>
}

export function undoAcknowledgement(run: string) {
  return callRoute('undoAcknowledge', { body: { run }, read: anyAnswer }) as Promise<{
    run: string
    count: number
  }>
}
