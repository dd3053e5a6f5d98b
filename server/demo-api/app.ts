import type { IncomingMessage, ServerResponse } from 'node:http'
import { createApiHandler } from './apiRouter.ts'
import { requireBearerToken } from './auth.ts'
import { createDemoContext } from './context.ts'
import { createControlHandler, isHealthCheck } from './controlRouter.ts'
import { ApiError } from './errors.ts'
import { resolveOptions } from './options.ts'
import type { DemoApiOptions } from './options.ts'
import { sendError, sendJson } from './respond.ts'
import { rawPathOf } from './router.ts'

/**
 * A node:http request listener. To serve the demo under a path prefix, strip the prefix from
 * `req.url` before calling it (its routes read `req.url` as relative to where it is mounted).
 */
export type DemoRequestListener = (req: IncomingMessage, res: ServerResponse) => void

export function createDemoApp(options: DemoApiOptions = {}): { app: DemoRequestListener; stop: () => void } {
  const settings = resolveOptions(options)
  const context = createDemoContext(settings)
  const control = createControlHandler(context)
  const api = createApiHandler(context)

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // Data changes under the client: nothing may be cached (and no ETag, so no conditional 304s).
    res.setHeader('Cache-Control', 'no-store')
    const path = rawPathOf(req)
    if (isHealthCheck(req, path)) {
      sendJson(res, 200, { ok: true })
      return
    }
    requireBearerToken(req, settings.token)
    if (await control(req, res, path)) return
    if (await api(req, res, path)) return
    throw new ApiError(404, `No route for ${req.method ?? 'GET'} ${path}`)
  }
  const app: DemoRequestListener = (req, res) => {
    handle(req, res).catch((error: unknown) => sendError(res, error))
  }

  if (settings.simulate) context.simulation.start()
  return { app, stop: () => context.simulation.stop() }
}
