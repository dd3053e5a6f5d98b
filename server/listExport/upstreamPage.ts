import type { IncomingMessage } from 'node:http'
import type { MatchedOperation } from '../proxy/routes.ts'
import { failureOf, isRelayableStatus, mayResend, openUpstream } from '../proxy/upstreamRequest.ts'
import type { UpstreamConfig } from '../proxy/upstreamConfig.ts'
import { upstreamReason } from '../proxy/upstreamReason.ts'

const LIST: MatchedOperation = { operation: 'list_executions', method: 'GET', path: '/executions' }
/** A page of 100 executions is far below this; a larger answer is not a page. */
const MAX_PAGE_BYTES = 16 * 1024 * 1024

export interface ListPage {
  data: Record<string, unknown>[]
  hasNext: boolean
  endCursor: string | null
}

/** Why a page could not be had: the status to answer with when nothing was sent yet, and the words. */
export class PageFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

function readAll(res: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    res.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_PAGE_BYTES)
        res.destroy(new PageFailure(502, 'upstream_invalid_response', 'a page larger than 16 MB'))
      else chunks.push(chunk)
    })
    res.on('end', () => resolve(Buffer.concat(chunks)))
    res.on('error', reject)
    res.on('aborted', () => reject(new PageFailure(502, 'upstream_unreachable', 'the answer broke off')))
  })
}

function parsePage(status: number, bytes: Buffer, secret: string | null): ListPage {
  const text = bytes.toString('utf8')
  if (status < 200 || status > 299) {
    // The API's words, unless they repeat the credential.
    const said = upstreamReason(text)
    const reason = said && secret && said.includes(secret) ? null : said
    throw new PageFailure(
      status,
      'upstream_error',
      `The API answered HTTP ${status}${reason ? `: ${reason}` : ''}.`,
    )
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new PageFailure(502, 'upstream_invalid_response', 'The API sent a page that is not JSON.')
  }
  const record = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>
  const info = (
    typeof record.page_info === 'object' && record.page_info !== null ? record.page_info : {}
  ) as Record<string, unknown>
  if (!Array.isArray(record.data)) {
    throw new PageFailure(502, 'upstream_invalid_response', 'The API sent a page without a data list.')
  }
  const rows = (record.data as unknown[]).filter(
    (row): row is Record<string, unknown> => typeof row === 'object' && row !== null,
  )
  return {
    data: rows,
    hasNext: info.has_next_page === true,
    endCursor: typeof info.end_cursor === 'string' && info.end_cursor !== '' ? info.end_cursor : null,
  }
}

/** One upstream list page (a real GET with a JSON body); aborting the signal destroys the request at once. */
export function fetchListPage(
  config: UpstreamConfig,
  body: Buffer,
  authorization: string | null,
  signal: AbortSignal,
  resent = false,
): Promise<ListPage> {
  return new Promise<ListPage>((resolve, reject) => {
    if (signal.aborted) return reject(new PageFailure(499, 'client_gone', 'The browser went away.'))
    const request = openUpstream(config, LIST, body, authorization)
    const abort = () => request.destroy(new PageFailure(499, 'client_gone', 'The browser went away.'))
    signal.addEventListener('abort', abort, { once: true })
    request.once('close', () => signal.removeEventListener('abort', abort))
    request.on('response', (res) => {
      if (!isRelayableStatus(res.statusCode)) {
        res.destroy()
        return reject(
          new PageFailure(502, 'upstream_invalid_response', `The API sent status ${res.statusCode ?? '?'}.`),
        )
      }
      const status = res.statusCode
      const secret = authorization?.replace(/^Bearer\s+/i, '') || null
      // parsePage throws for a refusal or a bad page: that must reject this promise, never float away.
      readAll(res)
        .then((bytes) => parsePage(status, bytes, secret))
        .then(resolve, reject)
    })
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof PageFailure) return reject(error)
      if (!resent && mayResend(error, request, LIST)) {
        return resolve(fetchListPage(config, body, authorization, signal, true))
      }
      const [status, code, message] = failureOf(config, error)
      reject(new PageFailure(status, code, message))
    })
    request.end(body)
  })
}
