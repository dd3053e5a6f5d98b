import { viewQueryOf } from './savedViews'

export const SAVE_VIEW_PARAM = 'save-view'
export const SAVE_VIEW_TIME_PARAM = 'save-view-time'

function linkWith(params: URLSearchParams): string {
  const query = params.toString()
  return `${window.location.origin}${window.location.pathname}${query ? `?${query}` : ''}`
}

/** This exact screen: filters, page, open execution. Only URL state; never anything from the session. */
export function linkToThisScreen(search: string): string {
  const params = new URLSearchParams(search)
  params.delete(SAVE_VIEW_PARAM)
  params.delete(SAVE_VIEW_TIME_PARAM)
  return linkWith(params)
}

/** The view (filters and page size, no position) plus a name the receiver is offered to save it under. */
export function linkToSaveView(search: string, name: string, time: string): string {
  const params = new URLSearchParams(viewQueryOf(search))
  params.set(SAVE_VIEW_PARAM, name)
  params.set(SAVE_VIEW_TIME_PARAM, time)
  return linkWith(params)
}
