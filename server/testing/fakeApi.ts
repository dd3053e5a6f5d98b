import http from 'node:http'
import { close, listen } from './httpTestKit.ts'

export interface FakeRequest {
  method: string
  path: string
  body: Record<string, unknown>
  /** The dashboard's lane that sent it (its User-Agent `execution-dashboard (<lane>)`), null for another client. */
  lane: string | null
}

export interface FakeAnswer {
  status?: number
  json?: unknown
  text?: string
  headers?: Record<string, string>
}

/** A small API written to another reading of the spec; `answer` sees each request's parsed body (and may wait). */
export async function startFakeApi(answer: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>) {
  const requests: FakeRequest[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString()
      const request: FakeRequest = {
        method: req.method ?? '',
        path: (req.url ?? '').replace(/^\/v2/, ''),
        body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
        lane: /^execution-dashboard \((\w+)\)/.exec(req.headers['user-agent'] ?? '')?.[1] ?? null,
      }
      requests.push(request)
      void Promise.resolve(answer(request)).then((reply) => {
        if (res.destroyed) return
        res.writeHead(reply.status ?? 200, { 'Content-Type': 'application/json', ...reply.headers })
        res.end(reply.text ?? JSON.stringify(reply.json ?? {}))
      })
    })
  })
  const origin = await listen(server)
  return { url: `${origin}/v2`, requests, close: () => close(server) }
}

/** A page of `rows` from `all` at `after`, as a keyset API would answer it. */
export function pageOf<T extends { id: string }>(all: readonly T[], body: Record<string, unknown>) {
  const page = (body.page ?? {}) as { first?: number; after?: string }
  const start = page.after ? all.findIndex((row) => row.id === page.after) + 1 : 0
  const rows = all.slice(start, start + (page.first ?? 20))
  return {
    data: rows,
    page_info: { has_next_page: start + rows.length < all.length, end_cursor: rows.at(-1)?.id ?? null },
  }
}

export const execution = (
  n: number,
  state = 'failed',
  metadata: Record<string, string> = { env: 'prod' },
) => ({
  id: `e${String(n).padStart(5, '0')}`,
  state,
  created_at: new Date(Date.UTC(2026, 0, 1) + (100_000 - n) * 60_000).toISOString(),
  updated_at: new Date(Date.UTC(2026, 0, 1) + (100_000 - n) * 60_000).toISOString(),
  metadata,
})
