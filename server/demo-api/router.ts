import type { IncomingMessage, ServerResponse } from 'node:http'
import { methodNotAllowed } from './errors.ts'

export type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>
export type MethodHandlers = Partial<Record<string, Handler>>

/** The path of a request as sent (still percent-encoded), without its query. */
export function rawPathOf(req: IncomingMessage): string {
  const url = req.url ?? '/'
  const end = url.search(/[?#]/)
  return end === -1 ? url : url.slice(0, end)
}

/** Paths match as express matched them by default: case-insensitively, with or without one trailing slash. */
function routeKey(path: string): string {
  const lower = path.toLowerCase()
  return lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower
}

/** Exact paths, each with its methods; a known path asked with another method is a 405 with Allow. */
export class Router {
  private readonly routes = new Map<string, MethodHandlers>()

  add(path: string, handlers: MethodHandlers): this {
    this.routes.set(routeKey(path), handlers)
    return this
  }

  /** Runs the route's handler; false when no route has this path. */
  async dispatch(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    const handlers = this.routes.get(routeKey(path))
    if (!handlers) return false
    const method = req.method ?? 'GET'
    const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined
    if (!handler) throw methodNotAllowed(method, Object.keys(handlers))
    await handler(req, res)
    return true
  }
}
