import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { WatchNotice } from '../../shared/watches.ts'
import { createWebhook } from './webhook.ts'

const URL_SECRET = 'https://hooks.example.com/services/T000/B000/secret-path'
type Answer = number | 'network error'

const notice: WatchNotice = {
  seq: 7,
  watchId: 'w1',
  at: Date.parse('2026-11-24T08:00:00Z'),
  title: 'exec-1: started → failed',
  body: 'exec-1: started → failed',
  changes: 1,
  executionId: 'exec-1',
}

/** A receiver that answers each try with the next of `answers`, then with `then` (which a test may change). */
function receiver(answers: Answer[], then: Answer = 200) {
  const posts: { url: string; body: string }[] = []
  const state = { then }
  const fetch = vi.fn((url: string | URL | Request, init?: RequestInit) => {
    const address = typeof url === 'string' ? url : url instanceof URL ? url.href : url.url
    posts.push({ url: address, body: typeof init?.body === 'string' ? init.body : '' })
    const answer = answers.shift() ?? state.then
    if (answer === 'network error') return Promise.reject(new TypeError('fetch failed'))
    return Promise.resolve(new Response('answer', { status: answer }))
  })
  return { posts, state, fetch: fetch as typeof globalThis.fetch }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the webhook', () => {
  it('tries again after 1 s and 4 s: a receiver that fails twice gets the notice on the third try', async () => {
    const hook = receiver([500, 503], 200)
    const onError = vi.fn()
    const webhook = createWebhook(URL_SECRET, { onError, fetch: hook.fetch })
    const delivered = webhook.post(notice, 'olga')
    await vi.advanceTimersByTimeAsync(999)
    expect(hook.posts).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(hook.posts).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(3_999)
    expect(hook.posts).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(await delivered).toBe(true)
    expect(hook.posts).toHaveLength(3)
    expect(onError).not.toHaveBeenCalled()
    // The same notice each time, as Slack-compatible JSON.
    for (const post of hook.posts) {
      expect(post.url).toBe(URL_SECRET)
      expect(JSON.parse(post.body)).toEqual({ text: 'exec-1: started → failed\n(watched by olga)' })
    }
    // Delivered: nothing is tried again later.
    await vi.runAllTimersAsync()
    expect(hook.posts).toHaveLength(3)
  })

  it('escapes what Slack would read as a mention or a link: a label is posted as typed', async () => {
    const hook = receiver([], 200)
    const webhook = createWebhook(URL_SECRET, { onError: vi.fn(), fetch: hook.fetch })
    const label = '<!channel> see <https://evil.example|docs> & more'
    await webhook.post({ ...notice, title: label, body: label }, 'olga')
    expect(JSON.parse(hook.posts[0]?.body ?? '{}')).toEqual({
      text: '&lt;!channel&gt; see &lt;https://evil.example|docs&gt; &amp; more\n(watched by olga)',
    })
  })

  it('gives up after 3 tries on a receiver that always fails, says so without the URL, and posts the next notice', async () => {
    const hook = receiver([500, 'network error'], 502)
    const onError = vi.fn()
    const webhook = createWebhook(URL_SECRET, { onError, fetch: hook.fetch })
    const delivered = webhook.post(notice, 'olga')
    await vi.advanceTimersByTimeAsync(5_000)
    expect(hook.posts).toHaveLength(3)
    // And no more, however long it waits.
    await vi.advanceTimersByTimeAsync(60 * 60_000)
    expect(hook.posts).toHaveLength(3)
    expect(await delivered).toBe(false)
    expect(onError).toHaveBeenCalledTimes(1)
    const [what, error] = onError.mock.calls[0] as [string, Error]
    expect(`${what}: ${error.message}`).toBe(
      'posting a watch notice to DASHBOARD_WEBHOOK_URL: it answered HTTP 502',
    )
    // The webhook keeps working: once the receiver is back, the next notice goes through on its first try.
    hook.state.then = 200
    expect(await webhook.post({ ...notice, seq: 8 }, 'olga')).toBe(true)
    expect(hook.posts).toHaveLength(4)
    expect(onError).toHaveBeenCalledTimes(1)
  })

  it('does not try again after a refusal (4xx other than 429), and does after a 429', async () => {
    const refused = receiver([], 404)
    const onError = vi.fn()
    const post = createWebhook(URL_SECRET, { onError, fetch: refused.fetch }).post(notice, 'olga')
    await vi.advanceTimersByTimeAsync(5_000)
    expect(await post).toBe(false)
    expect(refused.posts).toHaveLength(1)
    const limited = receiver([429], 200)
    const retried = createWebhook(URL_SECRET, { onError, fetch: limited.fetch }).post(notice, 'olga')
    await vi.advanceTimersByTimeAsync(1_000)
    expect(await retried).toBe(true)
    expect(limited.posts).toHaveLength(2)
  })
})
