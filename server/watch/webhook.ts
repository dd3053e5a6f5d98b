import type { WatchNotice } from '../../shared/watches.ts'

const TIMEOUT_MS = 5_000
/** Waits before the second and third tries: a receiver that is briefly away still gets the notice. */
const BACKOFF_MS = [1_000, 4_000]

export interface Webhook {
  post(notice: WatchNotice, owner: string): Promise<boolean>
}

/**
 * Text as Slack reads it, with `&`, `<` and `>` escaped: a watch label (or an id) of `<!channel>` or
 * `<https://evil|docs>` is shown as typed, never as a mention or a disguised link.
 */
export const slackText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * Posts a notice as Slack-compatible JSON (`{"text": …}`), from the server, once per notice (the replica that wrote
 * it). The address is a secret: failures are reported by status or error code only, never with the URL.
 */
export function createWebhook(
  url: string,
  options: { onError: (what: string, error: unknown) => void; fetch?: typeof fetch },
): Webhook {
  const send = options.fetch ?? fetch
  return {
    async post(notice, owner) {
      const text = slackText(
        `${notice.title}${notice.body === notice.title ? '' : `\n${notice.body}`}\n(watched by ${owner})`,
      )
      let failure = ''
      for (let attempt = 0; attempt <= BACKOFF_MS.length; attempt += 1) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, BACKOFF_MS[attempt - 1]))
        try {
          const response = await send(url, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ text }),
            signal: AbortSignal.timeout(TIMEOUT_MS),
            redirect: 'error',
          })
          await response.body?.cancel()
          if (response.ok) return true
          failure = `HTTP ${response.status}`
          if (response.status < 500 && response.status !== 429) break
        } catch (error) {
          failure = error instanceof Error ? error.name : 'error'
        }
      }
      options.onError('posting a watch notice to DASHBOARD_WEBHOOK_URL', new Error(`it answered ${failure}`))
      return false
    },
  }
}
