import type { Page } from '@playwright/test'

/** Presses keys and counts them; typed text is not counted. */
export function keyboardCounter(page: Page) {
  let presses = 0
  return {
    press: async (key: string) => {
      presses += 1
      await page.keyboard.press(key)
    },
    get count() {
      return presses
    },
  }
}
