import { viewQuery, withSaveViewOffer } from '../../lib/savedViewUrl'
import { readWindowParams, writeWindowParams } from '../../../shared/timeWindow'
import { pinWindow } from '../../../shared/windowBounds'

function linkWith(params: URLSearchParams): string {
  const query = params.toString()
  return `${window.location.origin}${window.location.pathname}${query ? `?${query}` : ''}`
}

/** This exact screen: filters, page, open execution. Only URL state; never anything from the session. */
export function linkToThisScreen(search: string): string {
  return linkWith(withSaveViewOffer(search, null))
}

/** The view (filters and page size, no position) plus a name the receiver is offered to save it under. */
export function linkToSaveView(search: string, name: string, time: string): string {
  return linkWith(withSaveViewOffer(viewQuery(search), { name, time }))
}

/** Whether the screen has a window that moves with the clock ("the last hour"), which a link can pin. */
export const hasMovingWindow = (search: string) =>
  readWindowParams(new URLSearchParams(search)).window.kind === 'relative'

/**
 * This screen with its moving window pinned to the bounds it covers at `now`: a link that describes an incident
 * shows the same executions tomorrow.
 */
export function linkWithPinnedWindow(search: string, now: number): string {
  const params = withSaveViewOffer(search, null)
  const { window } = readWindowParams(params)
  return linkWith(writeWindowParams(pinWindow(window, now), params))
}
