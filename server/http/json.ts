import type { ServerResponse } from 'node:http'
import { DASHBOARD_ERROR_HEADER, type DashboardErrorCode } from '../../shared/errorCodes.ts'

export const SECURITY_HEADERS: Record<string, string> = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
}

/** Errors the dashboard's own server makes say so, so the UI never blames the API for them. */
export function sendJsonError(
  res: ServerResponse,
  status: number,
  code: DashboardErrorCode,
  message: string,
  extra: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.destroy()
    return
  }
  const body = JSON.stringify({ error: { code, message, source: 'dashboard', ...extra } })
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    [DASHBOARD_ERROR_HEADER]: '1',
  })
  res.end(body)
}

/** A JSON answer of the dashboard's own (sessions, counts), never cached. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  })
  res.end(text)
}
