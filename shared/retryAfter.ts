/** `Retry-After` as seconds to wait: a number of seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(header: string | null | undefined, now = Date.now()): number | null {
  if (header === null || header === undefined || header.trim() === '') return null
  const text = header.trim()
  if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number(text))
  // Only an HTTP date is a date here: Date.parse would also take "1" or "tomorrow-ish" strings.
  if (!/^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(text)) return null
  const date = Date.parse(text)
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000))
}
