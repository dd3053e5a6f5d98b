import { createHash } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { Credentials } from '../auth/credentials.ts'
import { sendJsonError } from '../http/json.ts'
import { clientAddress, type ProxyTrust } from '../http/origin.ts'
import type { RouteHandler } from './context.ts'
import { exportRequestOf } from './exportRequest.ts'
import { streamExport, type ExportSettings } from './exportStream.ts'

/**
 * Who an export belongs to: a signed-in user's own token; with the server's token, the client's address as
 * the trusted proxies report it (never the proxy's own socket address, which every user shares).
 */
export function exportOwner(req: IncomingMessage, credentials: Credentials, trust: ProxyTrust): string {
  if (credentials.source === 'server') return `address:${clientAddress(req, trust)}`
  return `token:${createHash('sha256').update(credentials.authorization).digest('hex')}`
}

/**
 * GET /api/export/executions?<the page's view>&format=csv|ndjson[&links=1]. One export at a time per owner: an
 * export pages the whole list, and two would double the load for nothing. The owner is the user a trusted proxy
 * names, else exportOwner's rule.
 */
export function createExportRoute(settings: ExportSettings): RouteHandler<'exportExecutions'> {
  const running = new Set<string>()
  return async ({ req, res, credentials, identity, trust, view, query }) => {
    const owner =
      identity.via === 'proxy header' ? `user:${identity.user}` : exportOwner(req, credentials, trust)
    if (running.has(owner)) {
      sendJsonError(
        res,
        429,
        'export_in_progress',
        'An export is already running for you. Wait for it to finish or stop it first.',
      )
      return { status: 429, route: 'export', detail: 'export_in_progress' }
    }
    running.add(owner)
    try {
      const request = exportRequestOf(view, query)
      return { ...(await streamExport(request, res, credentials, settings)), route: 'export' }
    } finally {
      running.delete(owner)
    }
  }
}
