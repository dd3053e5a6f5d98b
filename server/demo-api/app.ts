import express from 'express'
import type { Express } from 'express'
import { createApiHandler } from './apiRouter.ts'
import { requireBearerToken } from './auth.ts'
import { createDemoContext } from './context.ts'
import { createControlRouter } from './controlRouter.ts'
import { handleErrors, notFound } from './errors.ts'
import { resolveOptions } from './options.ts'
import type { DemoApiOptions } from './options.ts'

export function createDemoApp(options: DemoApiOptions = {}): { app: Express; stop: () => void } {
  const settings = resolveOptions(options)
  const context = createDemoContext(settings)
  const app = express()
  app.disable('x-powered-by')
  // Data changes under the client; no conditional-GET 304s.
  app.set('etag', false)
  app.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store')
    next()
  })
  app.get('/__demo/health', (_req, res) => void res.json({ ok: true }))
  app.use(requireBearerToken(settings.token))
  app.use('/__demo', createControlRouter(context))
  app.use(createApiHandler(context))
  app.use(notFound)
  app.use(handleErrors)

  if (settings.simulate) context.simulation.start()
  return { app, stop: () => context.simulation.stop() }
}
