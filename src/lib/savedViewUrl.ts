import { OFFER_PARAMS, PARAM, paramsOf, POSITION_PARAMS } from './viewUrl'

/**
 * What a saved view or a view link keeps: the list's view parameters (filters, page size and whatever view
 * parameter comes next), without the position, the open execution, its panel or a link's offer; sorted, so
 * equal views compare equal.
 */
export function viewQuery(search: string): string {
  const params = paramsOf(search)
  for (const name of [...params.keys()]) {
    if (
      POSITION_PARAMS.includes(name) ||
      OFFER_PARAMS.includes(name) ||
      name.startsWith(PARAM.attemptsPrefix)
    )
      params.delete(name)
  }
  params.sort()
  return params.toString()
}

/** A "Copy view link" link's offer to save the view it shows under a name, with its Times setting. */
export interface SaveViewOffer {
  name: string
  time: string | null
}

export function readSaveViewOffer(search: string): SaveViewOffer | null {
  const params = paramsOf(search)
  const name = params.get(PARAM.saveView)
  return name === null ? null : { name, time: params.get(PARAM.saveViewTime) }
}

export function withSaveViewOffer(current: string, offer: SaveViewOffer | null): URLSearchParams {
  const params = paramsOf(current)
  for (const name of OFFER_PARAMS) params.delete(name)
  if (offer) {
    params.set(PARAM.saveView, offer.name)
    if (offer.time !== null) params.set(PARAM.saveViewTime, offer.time)
  }
  return params
}
