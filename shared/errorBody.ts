/*
 * Reading an error answer, for the browser and the server alike: the API's own words from any common shape,
 * or a short excerpt of plain text or an HTML page (its title).
 */
const EXCERPT_LENGTH = 200

function stringAt(value: unknown, key: string): string | null {
  if (value === null || typeof value !== 'object') return null
  const field: unknown = (value as Record<string, unknown>)[key]
  return typeof field === 'string' && field.trim() !== '' ? field.trim() : null
}

/** A short readable excerpt; a gateway's HTML page becomes its title or its text. */
export function textExcerpt(text: string): string | null {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1]?.trim()
  const plain = (title ?? text.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim()
  if (plain === '') return null
  return plain.length > EXCERPT_LENGTH ? `${plain.slice(0, EXCERPT_LENGTH - 1)}…` : plain
}

/** The message of a parsed error body, most specific shape first; a string body is excerpted. */
export function messageFromBody(body: unknown): string | null {
  if (typeof body === 'string') return textExcerpt(body)
  if (body === null || typeof body !== 'object') return null
  const record = body as Record<string, unknown>
  const firstError: unknown = Array.isArray(record['errors']) ? (record['errors'] as unknown[])[0] : null
  const message =
    stringAt(body, 'message') ??
    stringAt(record['error'], 'message') ??
    stringAt(body, 'error_description') ??
    stringAt(firstError, 'message') ??
    stringAt(firstError, 'detail') ??
    stringAt(body, 'error') ??
    stringAt(body, 'detail') ??
    stringAt(body, 'title')
  return message === null ? null : textExcerpt(message)
}

/** The message of an error answer's text: JSON of any common shape, else an excerpt of the text. */
export function messageFromText(text: string): string | null {
  if (text.trim() === '') return null
  try {
    return messageFromBody(JSON.parse(text) as unknown)
  } catch {
    return textExcerpt(text)
  }
}

export function codeFromBody(body: unknown): string | null {
  if (body === null || typeof body !== 'object') return null
  return stringAt(body, 'code') ?? stringAt((body as Record<string, unknown>)['error'], 'code')
}
