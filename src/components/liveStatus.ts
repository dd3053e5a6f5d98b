import { sessionSlice } from '../lib/clientStore'

/**
 * `live`: the server's stream feeds this tab (no polling). `connecting`: opening or reopening it (the tab polls
 * meanwhile). `polling`: the stream failed or this browser has none, so the tab polls on its own. `off`: live
 * refresh is off, held by a dialog, or the tab is hidden (and at the start, until the stream's code is there).
 */
export type LiveStatus = 'live' | 'connecting' | 'polling' | 'off'
/** Set by the live feed (components/liveFeed.ts, loaded with the list's controls); read by the list and the overview. */
export const liveStatusSlice = sessionSlice<LiveStatus>('live-status', () => 'off')

/** The status as the stream opens, or stays with none to open (refresh off or held, a hidden tab, no EventSource). */
export function openingStatus(everyMs: number | false, visible: boolean): LiveStatus {
  if (everyMs === false || !visible) return 'off'
  return typeof EventSource === 'undefined' ? 'polling' : 'connecting'
}
