import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RawResponse {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

/** node:http rather than fetch: tests need GET with a body and paths fetch would normalise. */
export function rawRequest(
  url: string,
  options: {
    method?: string
    headers?: Record<string, string>
    body?: string
    /** The address to send from (127.0.0.2 stands for another host, such as a reverse proxy). */
    localAddress?: string
  } = {},
): Promise<RawResponse> {
  const target = new URL(url)
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: url.slice(target.origin.length),
        method: options.method ?? 'GET',
        localAddress: options.localAddress,
        headers: {
          ...options.headers,
          ...(options.body === undefined
            ? {}
            : { 'Content-Length': String(Buffer.byteLength(options.body)) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        )
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end(options.body)
  })
}

export async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return `http://127.0.0.1:${port}`
}

export function close(server: http.Server): Promise<void> {
  server.closeAllConnections()
  return new Promise((resolve) => server.close(() => resolve()))
}

/** A JSON error or session answer, typed loosely enough for assertions. */
export interface JsonAnswer {
  error: { code: string; message: string; source?: string; request_id?: string }
  [member: string]: unknown
}

export function jsonOf(response: RawResponse): JsonAnswer {
  return JSON.parse(response.body) as JsonAnswer
}
