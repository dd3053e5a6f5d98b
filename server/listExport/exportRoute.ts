import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { sendJsonError } from '../proxy/httpHelpers.ts'
import { streamExport, type ExportSettings } from './exportExecutions.ts'

export const EXPORT_PATH = '/export/executions'

/** Who an export belongs to: the user's own token, or (with the server's token) their address. */
export function exportOwner(
  req: IncomingMessage,
  authorization: string | null,
  serverToken: boolean,
): string {
  if (serverToken || !authorization) return `address:${req.socket.remoteAddress ?? 'unknown'}`
  return `token:${createHash('sha256').update(authorization).digest('hex')}`
}

/** One export at a time per owner: an export pages the whole list, and two would double the load for nothing. */
export function createExportRoute(settings: ExportSettings) {
  const running = new Set<string>()
  return async (
    req: IncomingMessage,
    res: ServerResponse,
    authorization: string | null,
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
      return await streamExport(req, res, authorization, settings)
    } finally {
      running.delete(owner)
    }
  }
}
