import type { WatchNotice } from '../../api/watches'
import { sessionSlice } from '../../lib/clientStore'

/** Toasts shown at once; older notices stay in the Watches dialog's recent list. */
export const TOASTS_SHOWN = 3
const KEPT = 30

export interface NoticeState {
  /** Newest first, at most KEPT; `shown` false once dismissed. */
  recent: (WatchNotice & { shown: boolean })[]
  /** Notices that came while the tab was hidden: the count in the tab's title. */
  unseen: number
}

/** This session's notices: sign-out forgets them. */
export const noticeSlice = sessionSlice<NoticeState>('watch-notices', () => ({ recent: [], unseen: 0 }))

/** Takes a notice in once (a reconnecting stream may say it again). */
export function withNotice(state: NoticeState, notice: WatchNotice, hidden: boolean): NoticeState {
  if (state.recent.some((kept) => kept.seq === notice.seq)) return state
  return {
    recent: [{ ...notice, shown: true }, ...state.recent].slice(0, KEPT),
    unseen: state.unseen + (hidden ? 1 : 0),
  }
}

export const dismissed = (state: NoticeState, seq: number | 'all'): NoticeState => ({
  ...state,
  recent: state.recent.map((notice) =>
    seq === 'all' || notice.seq === seq ? { ...notice, shown: false } : notice,
  ),
})
