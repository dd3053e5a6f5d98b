import type { WatchNotice } from '../../api/watches'

export type NotificationAccess = 'unsupported' | 'default' | 'granted' | 'denied'

export const notificationAccess = (): NotificationAccess =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission

/** Asks the browser once, on the user's click (browsers refuse a request that no gesture made). */
export async function askForNotifications(): Promise<NotificationAccess> {
  if (typeof Notification === 'undefined') return 'unsupported'
  return Notification.requestPermission()
}

/**
 * A system notification for a notice that arrives while the tab is hidden. Every tab of the user hears the notice;
 * one tag per notice lets the browser show it once.
 */
export function showBrowserNotice(notice: WatchNotice, onOpen: (executionId: string) => void) {
  if (notificationAccess() !== 'granted' || document.visibilityState !== 'hidden') return
  const shown = new Notification(notice.title, {
    body: notice.body === notice.title ? undefined : notice.body,
    tag: `watch-notice-${notice.seq}`,
  })
  shown.onclick = () => {
    window.focus()
    if (notice.executionId) onOpen(notice.executionId)
    shown.close()
  }
}
