import { useContext, useLayoutEffect } from 'react'
import { LiveRegion, RegionContext } from './Announcer'

/**
 * Rendered inside a modal dialog that stays open while things are announced (the attempts drawer): the
 * live region moves into it, since outside it the page is inert and an inert live region is not read out.
 */
export function AnnouncerHost() {
  const region = useContext(RegionContext)
  const host = region?.host
  useLayoutEffect(() => host?.(), [host])
  return region ? <LiveRegion region={region} /> : null
}
