import { afterEach, describe, expect, it, vi } from 'vitest'
import type { WatchNotice } from '../../api/watches'
import { askForNotifications, notificationAccess, showBrowserNotice } from './browserNotices'

const notice: WatchNotice = {
  seq: 7,
  watchId: 'w',
  at: 0,
  title: 'Watched execution e-1: started → failed',
  body: 'e-1: started → failed',
  changes: 1,
  executionId: 'e-1',
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('system notifications', () => {
  it('shows a notice once per tag while the tab is hidden, and opens its execution on a click', async () => {
    const shown: { title: string; options: NotificationOptions; onclick: (() => void) | null }[] = []
    class FakeNotification {
      static permission: NotificationPermission = 'granted'
      static requestPermission = vi.fn(() => Promise.resolve('granted' as const))
      onclick: (() => void) | null = null
      constructor(title: string, options: NotificationOptions) {
        shown.push(Object.assign(this, { title, options }))
      }
      close = vi.fn()
    }
    vi.stubGlobal('Notification', FakeNotification)
    expect(notificationAccess()).toBe('granted')
    expect(await askForNotifications()).toBe('granted')
    const onOpen = vi.fn()
    showBrowserNotice(notice, onOpen)
    expect(shown).toEqual([])
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    vi.spyOn(window, 'focus').mockImplementation(() => {})
    showBrowserNotice(notice, onOpen)
    expect(shown.map((entry) => [entry.title, entry.options.tag, entry.options.body])).toEqual([
      [notice.title, 'watch-notice-7', notice.body],
    ])
    shown[0]?.onclick?.()
    expect(onOpen).toHaveBeenCalledWith('e-1')
  })

  it('says when the browser has none', async () => {
    vi.stubGlobal('Notification', undefined)
    expect(notificationAccess()).toBe('unsupported')
    expect(await askForNotifications()).toBe('unsupported')
  })
})
