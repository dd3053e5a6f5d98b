import type { ServerResponse } from 'node:http'
import { errorBody, toApiError } from './errors.ts'

export type HeaderValues = Readonly<Record<string, string>>

const JSON_TYPE = 'application/json; charset=utf-8'

/** Short names a fault rule may use for its content type, as express's res.type() knew them. */
const SHORT_TYPES: Readonly<Record<string, string>> = {
  json: 'application/json',
  html: 'text/html',
  text: 'text/plain',
  txt: 'text/plain',
  xml: 'application/xml',
  js: 'text/javascript',
  css: 'text/css',
}

function fullType(contentType: string): string {
  if (contentType.includes('/')) return contentType
  return SHORT_TYPES[contentType.trim().toLowerCase()] ?? 'application/octet-stream'
}

function withoutCharset(contentType: string): string {
  return contentType
    .split(';')
    .filter((part, index) => index === 0 || !/^\s*charset\s*=/i.test(part))
    .join(';')
    .trim()
}

/** A text body goes out as UTF-8 whatever charset the rule named (what express's res.send did). */
export function textContentType(contentType: string): string {
  return `${withoutCharset(fullType(contentType))}; charset=utf-8`
}

/** Without a body, only textual types gain a charset (express's res.type()). */
export function bareContentType(contentType: string): string {
  const type = fullType(contentType)
  if (/;\s*charset\s*=/i.test(type)) return type
  const mediaType = type.split(';')[0]?.trim().toLowerCase() ?? ''
  const textual = mediaType.startsWith('text/') || mediaType === 'application/json'
  return textual ? `${type}; charset=utf-8` : type
}

function writeHeaders(res: ServerResponse, headers: HeaderValues): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
}

export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  contentType: string,
  headers: HeaderValues = {},
): void {
  writeHeaders(res, headers)
  res.statusCode = status
  res.setHeader('Content-Type', contentType)
  res.setHeader('Content-Length', Buffer.byteLength(text))
  res.end(text)
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: HeaderValues = {},
): void {
  sendText(res, status, JSON.stringify(body), JSON_TYPE, headers)
}

/** A response without a body; a content type only when one is given. */
export function sendEmpty(res: ServerResponse, status: number, contentType?: string): void {
  res.statusCode = status
  if (contentType !== undefined) res.setHeader('Content-Type', bareContentType(contentType))
  res.end()
}

/** The `{"error":{"code","message"}}` answer; a response already under way is cut off instead. */
export function sendError(res: ServerResponse, error: unknown): void {
  const apiError = toApiError(error)
  if (res.headersSent) {
    res.destroy()
    return
  }
  sendJson(res, apiError.status, errorBody(apiError.code, apiError.message), apiError.headers)
}
