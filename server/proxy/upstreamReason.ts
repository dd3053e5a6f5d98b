const REASON_LENGTH = 200

function stringAt(value: unknown, key: string): string | null {
  if (value === null || typeof value !== 'object') return null
  const field: unknown = (value as Record<string, unknown>)[key]
  return typeof field === 'string' && field.trim() !== '' ? field.trim() : null
}

function shorten(text: string): string {
  const plain = text.replace(/\s+/g, ' ').trim()
  return plain.length > REASON_LENGTH ? `${plain.slice(0, REASON_LENGTH - 1)}…` : plain
}

/** The API's own words from an error body of any common shape, or a short excerpt of plain text or HTML. */
export function upstreamReason(text: string): string | null {
  if (text.trim() === '') return null
  let body: unknown
  try {
    body = JSON.parse(text) as unknown
  } catch {
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1]
    const plain = title ?? text.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' ')
    return plain.trim() === '' ? null : shorten(plain)
  }
  const record = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {}
  const errors = Array.isArray(record['errors']) ? (record['errors'] as unknown[]) : []
  const reason =
    stringAt(body, 'message') ??
    stringAt(record['error'], 'message') ??
    stringAt(body, 'error_description') ??
    stringAt(body, 'detail') ??
    stringAt(errors[0], 'message') ??
    stringAt(body, 'error') ??
    stringAt(body, 'title')
  return reason === null ? null : shorten(reason)
}
