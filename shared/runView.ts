import { readFilterParams, writeFilterParams } from './filterCodec.ts'
import { GROUP_PARAM, OPEN_GROUP_PARAM, TRIAGE_PARAM, readGroupBy, groupByText } from './triage.ts'
import { readWindowParams, writeWindowParams } from './timeWindow.ts'
import { pinWindow } from './windowBounds.ts'

/*
 * What a run acted on (a bulk reschedule, an acknowledgement), as the page URL's parameters: its filters, its time
 * window pinned to the bounds it had then, and the failure group it was started from. The browser sends it with a
 * bulk run's reschedules (the X-Bulk-View header), the server writes it on every record of the run, and a run's link
 * in the audit trail opens it, so whoever follows the link sees what the run saw.
 */
export const BULK_VIEW_HEADER = 'x-bulk-view'
export const MAX_RUN_VIEW = 2048

/**
 * The view as one canonical query string, or null when nothing in it can be read: only filters, the window (a
 * window that moves with the clock pinned at `now`), and the board's grouping and open group are kept.
 */
export function readRunView(text: string | null | undefined, now: number): string | null {
  if (typeof text !== 'string' || text === '' || text.length > MAX_RUN_VIEW) return null
  const given = new URLSearchParams(text)
  const { filters, problems } = readFilterParams(given)
  const { window, problems: windowProblems } = readWindowParams(given)
  if (problems.length > 0 || windowProblems.length > 0) return null
  const view = writeFilterParams(filters, new URLSearchParams())
  writeWindowParams(pinWindow(window, now), view)
  if (given.get(TRIAGE_PARAM) === '1') {
    view.set(TRIAGE_PARAM, '1')
    const grouping = groupByText(readGroupBy(given.get(GROUP_PARAM)))
    if (grouping) view.set(GROUP_PARAM, grouping)
    const open = given.get(OPEN_GROUP_PARAM)
    if (open && open.length <= 300) view.set(OPEN_GROUP_PARAM, open)
  }
  const canonical = view.toString()
  return canonical === '' || canonical.length > MAX_RUN_VIEW ? null : canonical
}
