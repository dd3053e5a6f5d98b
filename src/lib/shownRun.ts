import { isFilterParam } from '../../shared/filterCodec'
import { ANY_TIME, isWindowParam, writeWindowParams } from '../../shared/timeWindow'
import { GROUP_PARAM, OPEN_GROUP_PARAM, TRIAGE_PARAM } from '../../shared/triage'
import { firstPage } from './cursorTrail'
import { paramsOf, readListView, writeListView } from './viewUrl'

// Apart from viewUrl.ts: only the tools (lazy) show a run or ask whether one is shown.

/** The bulk run the list is limited to, or null (see ListView.run). */
export const readShownRun = (search: string): string | null => readListView(search).view.run

/** The list limited to a bulk run's executions: any filters and time window are cleared (see listView's way back). */
export function withShownRun(current: string | URLSearchParams, run: string): URLSearchParams {
  const { view } = readListView(String(paramsOf(current)))
  const params = writeListView(firstPage({ ...view, states: [], metadata: [], run }), current)
  return writeWindowParams(ANY_TIME, params)
}

/** Back from a bulk run's executions to all that match the filters (on the first page). */
export function withoutShownRun(current: string | URLSearchParams): URLSearchParams {
  const { view } = readListView(String(paramsOf(current)))
  return writeListView(firstPage({ ...view, run: null }), current)
}

/**
 * What a run acted on, as its record in the audit trail says (`runView`, shared/runView): its filters, window and
 * failure group, the list limited to the run's executions (in whatever state they are in now, so not by state).
 * Without a recorded view, the run's executions alone, at any time.
 */
export function runViewSearch(run: string, runView: string | null | undefined): URLSearchParams {
  if (!runView) return withShownRun('', run)
  const params = paramsOf(runView)
  params.delete('state')
  params.set('run', run)
  return params
}

/**
 * The view a run is started from, as its X-Bulk-View header carries it (the server pins its window and keeps it on
 * the run's records): the filters, the window and the board's grouping, with `openGroup` the group it acts on.
 */
export function runViewOf(search: string, openGroup: string | null = null): string {
  const given = paramsOf(search)
  const view = new URLSearchParams()
  const kept = (name: string) =>
    isFilterParam(name) || isWindowParam(name) || name === TRIAGE_PARAM || name === GROUP_PARAM
  for (const [name, value] of given) if (kept(name)) view.append(name, value)
  if (openGroup !== null) view.set(OPEN_GROUP_PARAM, openGroup)
  return view.toString()
}
