import type { Page } from '@playwright/test'
import { monitorEventLoopDelay } from 'node:perf_hooks'

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
  // The demo API and the dashboard servers run in this worker's process: a stalled loop stalls them all.
  const loop = monitorEventLoopDelay({ resolution: 20 })
  loop.enable()
  try {
    await step()
  } catch (error) {
    const shown = await page
      .locator('body')
      .innerText({ timeout: 2_000 })
      .catch((reason: unknown) => `(unreadable: ${String(reason)})`)
    const lag = `longest stall of this process's event loop: ${Math.round(loop.max / 1e6)} ms`
    const detail = `\n--- meanwhile (${lag}) ---\n${events.join('\n')}\n--- the page shows ---\n${shown.slice(0, 1_500)}`
    if (error instanceof Error) error.message += detail
    throw error
  } finally {
    loop.disable()
    page.off('request', onRequest)
    page.off('response', onResponse)
    page.off('requestfailed', onFailed)
    page.off('console', onConsole)
    page.off('pageerror', onPageError)
  }
}
