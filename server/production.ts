import express from 'express'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { sessionKeyFrom } from './auth/sealedCookie.ts'
import { createApiProxy } from './proxy/apiProxy.ts'
import { describeUpstream } from './proxy/upstreamConfig.ts'
import { resolveUpstream } from './resolveUpstream.ts'

/** Serves the built dashboard and the same /api proxy that `vite` and `vite preview` mount. */
export async function startProductionServer(options: { port: number; host: string; distDir: string }) {
  const indexFile = path.join(options.distDir, 'index.html')
  if (!existsSync(indexFile)) throw new Error(`${indexFile} is missing: run "npm run build" first`)
  const upstream = await resolveUpstream()
  const app = express()
  app.disable('x-powered-by')
  app.use(
    createApiProxy({
      upstream: upstream.config,
      sessionKey: sessionKeyFrom(process.env.DASHBOARD_SESSION_KEY),
    }),
  )
  app.use(express.static(options.distDir, { index: 'index.html' }))
  app.use((_req, res) => res.sendFile(path.resolve(indexFile)))
  const server = app.listen(options.port, options.host)
  await new Promise<void>((resolve) => server.once('listening', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  console.log(`Execution Dashboard at http://${options.host}:${port}/ → ${describeUpstream(upstream.config)}`)
  const close = async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
    await upstream.close()
  }
  return { port, close }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const running = await startProductionServer({
    port: Number(process.env.PORT ?? 4173),
    host: process.env.HOST ?? '127.0.0.1',
    distDir: 'dist',
  })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void running.close().then(() => process.exit(0)))
  }
}
