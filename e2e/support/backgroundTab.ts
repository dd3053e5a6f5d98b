import type { Page } from '@playwright/test'

/** A browser whose notifications are allowed (recorded), and whose tab can be sent to the background. */
export async function withBackgroundTab(page: Page) {
  await page.addInitScript(() => {
    const state = window as unknown as { shown: { title: string; tag: string }[]; hidden: boolean }
    state.shown = []
    state.hidden = false
    Object.defineProperty(document, 'visibilityState', { get: () => (state.hidden ? 'hidden' : 'visible') })
    Object.defineProperty(document, 'hidden', { get: () => state.hidden })
    class RecordedNotification {
      static permission = 'granted'
      static requestPermission = () => Promise.resolve('granted')
      onclick: (() => void) | null = null
      constructor(title: string, options: { tag: string }) {
        state.shown.push({ title, tag: options.tag })
      }
      close() {}
    }
    Object.defineProperty(window, 'Notification', { value: RecordedNotification })
  })
  return (hidden: boolean) =>
    page.evaluate((value) => {
      ;(window as unknown as { hidden: boolean }).hidden = value
      document.dispatchEvent(new Event('visibilitychange'))
    }, hidden)
}

/** What a page's notifications showed (withBackgroundTab records them). */
export const shownNotices = (page: Page) =>
  page.evaluate(() => (window as unknown as { shown: { title: string; tag: string }[] }).shown)
