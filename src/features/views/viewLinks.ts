import { viewQuery, withSaveViewOffer } from '../../lib/savedViewUrl'

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
