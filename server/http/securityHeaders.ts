import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'

/** sha256 sources for the inline <script> blocks of an HTML page, so the CSP needs no 'unsafe-inline'. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = []
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? ''
    if (body.trim() !== '') hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`)
  }
  return hashes
}

/** The headers every HTML page of the dashboard carries. */
export function htmlSecurityHeaders(html: string, options: { https: boolean }): Record<string, string> {
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes(html).join(' ')}`.trim(),
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
  const headers: Record<string, string> = {
    'Content-Security-Policy': csp,
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
  }
  if (options.https) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains'
  return headers
}

/** For `vite preview`: the same headers on every non-API response, computed from the built index.html. */
export function previewSecurityHeaders(readIndexHtml: () => string) {
  let headers: Record<string, string> | null = null
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (!(req.url ?? '').startsWith('/api')) {
      headers ??= htmlSecurityHeaders(readIndexHtml(), { https: false })
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
    }
    next()
  }
}
