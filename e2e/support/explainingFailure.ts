import type { Page } from '@playwright/test'

/**
 * Runs `step`; if it fails, the error also says what the page asked and heard meanwhile, what it logged, and
 * what it showed: CI keeps the output, not the trace.
 */
export async function explainingFailure(page: Page, step: () => Promise<void>): Promise<void> {
  const started = Date.now()
  const events: string[] = []
  const note = (line: string) => events.push(`${Date.now() - started} ms ${line}`)
  const path = (url: string) => new URL(url).pathname
  const onRequest = (request: { method(): string; url(): string }) =>
    note(`→ ${request.method()} ${path(request.url())}`)
  const onResponse = (response: { status(): number; url(): string }) =>
    note(`← ${response.status()} ${path(response.url())}`)
  const onFailed = (request: { url(): string; failure(): { errorText: string } | null }) =>
    note(`✗ ${path(request.url())} ${request.failure()?.errorText ?? ''}`)
  const onConsole = (message: { type(): string; text(): string }) => {
    if (message.type() === 'error' || message.type() === 'warning')
      note(`console ${message.type()}: ${message.text()}`)
  }
  const onPageError = (error: Error) => note(`page error: ${error.message}`)
  page.on('request', onRequest)
  page.on('response', onResponse)
  page.on('requestfailed', onFailed)
  page.on('console', onConsole)
  page.on('pageerror', onPageError)
  try {
    await step()
  } catch (error) {
    const shown = await page
      .locator('body')
      .innerText({ timeout: 2_000 })
      .catch((reason: unknown) => `(unreadable: ${String(reason)})`)
    const detail = `\n--- meanwhile ---\n${events.join('\n')}\n--- the page shows ---\n${shown.slice(0, 1_500)}`
    if (error instanceof Error) error.message += detail
    throw error
  } finally {
    page.off('request', onRequest)
    page.off('response', onResponse)
    page.off('requestfailed', onFailed)
    page.off('console', onConsole)
    page.off('pageerror', onPageError)
  }
}
