import type { Page } from '@playwright/test'
import { expect } from './fixtures.ts'

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

/**
 * A metadata filter added and applied by keyboard alone: `/`, the key, Tab, the value, Enter to add it, Enter to
 * apply (5 keys, typing aside).
 */
export async function filterByKeys(
  page: Page,
  keys: ReturnType<typeof keyboardCounter>,
  key: string,
  value: string,
): Promise<void> {
  await keys.press('/')
  await expect(page.getByLabel('Metadata key')).toBeFocused()
  await page.keyboard.type(key)
  await keys.press('Tab')
  await page.keyboard.type(value)
  await keys.press('Enter')
  await keys.press('Enter')
}
