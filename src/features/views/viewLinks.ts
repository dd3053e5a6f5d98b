import { viewQuery, withSaveViewOffer } from '../../lib/savedViewUrl'
import { readWindowParams, writeWindowParams } from '../../../shared/timeWindow'
import { GROUP_PARAM, OPEN_GROUP_PARAM, readGroupBy, TRIAGE_PARAM } from '../../../shared/triage'
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

/**
 * The link `l` and Copy link give: this exact screen; with the failure groups open (an incident being handed over),
 * its moving window pinned, so the colleague sees the same failures, grouped the same, the same group open.
 */
export function linkToShare(search: string, now: number): { link: string; says: string } {
  const params = new URLSearchParams(search)
  if (params.get(TRIAGE_PARAM) !== '1')
    return { link: linkToThisScreen(search), says: 'Link to this screen copied.' }
  const pinned = hasMovingWindow(search)
  const link = pinned ? linkWithPinnedWindow(search, now) : linkToThisScreen(search)
  const groupBy = readGroupBy(params.get(GROUP_PARAM))
  const open = params.get(OPEN_GROUP_PARAM)
  const parts = [
    pinned ? 'its time window pinned to the bounds it covers now' : null,
    groupBy.kind === 'key'
      ? `grouped by ${groupBy.key}`
      : groupBy.kind === 'auto'
        ? null
        : `grouped by ${groupBy.kind}`,
    open ? 'the open group' : null,
  ].filter((part) => part !== null)
  return {
    link,
    says: `Link to these failure groups copied${parts.length > 0 ? `, with ${parts.join(', ')}` : ''}.`,
  }
}
