import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Credentials } from '../auth/credentials.ts'
import { sendJsonError } from '../http/json.ts'
import { clientAddress, type ProxyTrust } from '../http/origin.ts'
import { streamExport, type ExportSettings } from './exportStream.ts'

export const EXPORT_PATH = '/export/executions'

/**
 * Who an export belongs to: a signed-in user's own token; with the server's token, the client's address as
 * the trusted proxies report it (never the proxy's own socket address, which every user shares).
 */
export function exportOwner(req: IncomingMessage, credentials: Credentials, trust: ProxyTrust): string {
  if (credentials.source === 'server') return `address:${clientAddress(req, trust)}`
  return `token:${createHash('sha256').update(credentials.authorization).digest('hex')}`
}

/** One export at a time per owner: an export pages the whole list, and two would double the load for nothing. */
export function createExportRoute(settings: ExportSettings) {
  const running = new Set<string>()
  return async (
    req: IncomingMessage,
    res: ServerResponse,
    credentials: Credentials,
    owner: string,
  ): Promise<{ status: number; detail: string }> => {
    req.resume()
    if (running.has(owner)) {
      sendJsonError(
        res,
        429,
        'export_in_progress',
        'An export is already running for you. Wait for it to finish or stop it first.',
      )
      return { status: 429, detail: 'export_in_progress' }
    }
    running.add(owner)
    try {
      return await streamExport(req, res, credentials, settings)
    } finally {
      running.delete(owner)
    }
  }
}
