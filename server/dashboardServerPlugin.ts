import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Plugin as EsbuildPlugin } from 'esbuild'
import type { Logger, Plugin, ViteDevServer } from 'vite'
import type { Middleware } from './routes/api.ts'
import { previewSecurityHeaders } from './http/securityHeaders.ts'
import { startingGate } from './http/startingGate.ts'

interface ServerLike {
  middlewares: { use(middleware: Middleware): unknown }
  httpServer: { once(event: 'close', listener: () => void): unknown } | null
  config: { logger: Logger; root: string }
}

const CACHE_DIR = 'node_modules/.cache/execution-dashboard'

/** `import.meta` as each source file's own, as Vite's config loader does: the bundle is imported from elsewhere. */
const fileScope: EsbuildPlugin = {
  name: 'file-scope',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async ({ path: file }) => {
      const source = await readFile(file, 'utf8')
      if (!source.includes('import.meta')) return undefined
      const contents = source
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href))
        .replaceAll('import.meta.filename', JSON.stringify(file))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(file)))
      return { contents, loader: 'ts' }
    })
  },
}

/** Bumped when the bundle's options change, so a bundle made with the old ones is not used again. */
const BUNDLE_FORMAT = 2

/** What a bundle was made from: the format, esbuild's version, and each input's mtime and size. */
interface BundleStamp {
  format: number
  esbuild: string
  inputs: Record<string, [number, number]>
}

/** Whether the bundle stamped so is still what its inputs would make (none changed, moved or went). */
async function isCurrent(stampFile: string, esbuild: string): Promise<boolean> {
  try {
    const stamp = JSON.parse(await readFile(stampFile, 'utf8')) as BundleStamp
    if (stamp.format !== BUNDLE_FORMAT || stamp.esbuild !== esbuild) return false
    const checks = Object.entries(stamp.inputs).map(async ([file, [mtime, size]]) => {
      const now = await stat(file)
      return now.mtimeMs === mtime && now.size === size
    })
    return (await Promise.all(checks)).every(Boolean)
  } catch {
    return false
  }
}

/** Written to a file of its own, then moved into place: two servers starting at once never read half of one. */
async function writeWhole(file: string, write: (temporary: string) => Promise<unknown>): Promise<void> {
  const temporary = `${file}.${process.pid}-${randomUUID()}`
  await write(temporary)
  await rename(temporary, file)
}

/** The bundles' entries: the store's, loaded first so it opens while the rest is imported, and the server's. */
const ENTRIES = { store: './viteStore.ts', dashboard: './viteDashboard.ts' } as const
type Bundles = Record<keyof typeof ENTRIES, string>

/**
 * The server's code, bundled (esbuild) as Vite starts listening, not as part of the config: Vite bundles what its
 * config imports, with an inline source map, before it can listen (about 0.8 s for all of it). The bundles are kept
 * for the next start while none of their inputs changes: bundling took 0.4–0.7 s of a dev start's first API answer
 * beside Vite's own start. Each load is a new module instance (a restart brings new code or a new server).
 */
async function bundleServer(root: string): Promise<Bundles> {
  const outdir = path.join(root, CACHE_DIR, 'vite-dashboard')
  const stampFile = `${outdir}.json`
  const bundles = Object.fromEntries(
    Object.keys(ENTRIES).map((name) => [name, path.join(outdir, `${name}.mjs`)]),
  ) as Bundles
  // esbuild's version from its package file: importing esbuild itself is needed only to bundle.
  const version = (createRequire(import.meta.url)('esbuild/package.json') as { version: string }).version
  if (!(await isCurrent(stampFile, version))) {
    const { build } = await import('esbuild')
    const began = Date.now()
    let inputs: string[] = []
    // Made in a directory of its own, then each file moved into place: two servers starting at once never read half
    // of one.
    const temporary = `${outdir}.${process.pid}-${randomUUID()}`
    try {
      const result = await build({
        entryPoints: Object.entries(ENTRIES).map(([name, entry]) => ({
          in: fileURLToPath(new URL(entry, import.meta.url)),
          out: name,
        })),
        outdir: temporary,
        outExtension: { '.js': '.mjs' },
        absWorkingDir: root,
        bundle: true,
        format: 'esm',
        platform: 'node',
        target: 'node20',
        packages: 'external',
        plugins: [fileScope],
        metafile: true,
        logLevel: 'warning',
      })
      inputs = Object.keys(result.metafile.inputs).map((input) => path.resolve(root, input))
      await mkdir(outdir, { recursive: true })
      for (const name of Object.keys(ENTRIES))
        await rename(path.join(temporary, `${name}.mjs`), path.join(outdir, `${name}.mjs`))
    } finally {
      await rm(temporary, { recursive: true, force: true })
    }
    const stats = await Promise.all(inputs.map((input) => stat(input)))
    // A file saved while it was bundled may not be in the bundle as it is now: bundle again next time.
    if (stats.every((entry) => entry.mtimeMs < began)) {
      const stamp: BundleStamp = {
        format: BUNDLE_FORMAT,
        esbuild: version,
        inputs: Object.fromEntries(
          inputs.map((input, index) => [input, [stats[index]?.mtimeMs ?? 0, stats[index]?.size ?? 0]]),
        ),
      }
      await writeWhole(stampFile, (temporary) => writeFile(temporary, JSON.stringify(stamp)))
    }
  }
  return bundles
}

/** A bundle as a new module instance. */
const load = <T>(bundle: string): Promise<T> =>
  import(`${pathToFileURL(bundle).href}?load=${randomUUID()}`) as Promise<T>

/**
 * Mounts the dashboard's server on a Vite server without holding up its start: its code is loaded as Vite starts
 * listening, so `npm run dev` listens in the time a bare Vite takes. Resolves once the code is loaded.
 */
function mountDashboard(server: ServerLike): Promise<unknown> {
  // The settings as they are now, when Vite starts: a caller may change the environment once it has its server.
  const env = { ...process.env }
  let closed = false
  // A server closed while its code loaded (a restart, a test that stops at once) starts no demo API or store.
  const unlessClosed = <T>(value: T): T => {
    if (closed) throw new Error('its Vite server closed before it was loaded')
    return value
  }
  const bundles = bundleServer(server.config.root)
  const storeCode = bundles
    .then((paths) => load<typeof import('./viteStore.ts')>(paths.store))
    .then(unlessClosed)
  const storeOpening = storeCode.then(({ openViteStore }) => openViteStore(env))
  // The rest once the store has begun to open (its worker's start runs beside this import): imported together, the
  // two are parsed together and the store waits for both.
  const starting = Promise.all([bundles, storeCode])
    .then(([paths]) => load<typeof import('./viteDashboard.ts')>(paths.dashboard))
    .then(unlessClosed)
    .then(({ startViteDashboard }) => startViteDashboard(server.config.logger, env, storeOpening))
  // The page's own files go on to Vite at once; an API request waits for the server's code and its store.
  const built = starting.then((started) => started.built)
  built.catch((error: unknown) => {
    if (!closed)
      server.config.logger.error(
        `  ➜  The dashboard's server could not start: ${error instanceof Error ? error.message : String(error)}`,
      )
  })
  const gate = startingGate(built)
  server.httpServer?.once('close', () => {
    closed = true
    // The dashboard first (it writes to its store as it closes), then the store, whichever of them came to be.
    void starting
      .then(
        (dashboard) => dashboard.close(),
        () => {},
      )
      .then(() => storeOpening)
      .then(
        (store) => store?.close(),
        () => {},
      )
  })
  server.middlewares.use((req, res, next) => {
    const dashboard = gate.current()
    if (dashboard) return dashboard.handle(req, res, next)
    if (!(req.url ?? '/').startsWith('/api/')) return next()
    gate.hold(res, (built) => built.handle(req, res, next))
  })
  return starting.catch(() => null)
}

/**
 * The server's code (server/, and the shared/ it imports) is not part of the config, so Vite would not restart when
 * it changes, as it does for the config's own imports (those it still restarts for itself).
 */
function restartOnServerChange(server: ViteDevServer): void {
  const dirs = ['.', '../shared/'].map((dir) => fileURLToPath(new URL(dir, import.meta.url)))
  const isServerCode = (file: string) =>
    dirs.some((dir) => file.startsWith(dir)) && /(?<!\.test)\.(ts|mjs)$/.test(file)
  server.watcher.on('change', (file) => {
    if (!isServerCode(file) || server.config.configFileDependencies.includes(file)) return
    server.config.logger.info(`${path.relative(process.cwd(), file)} changed, restarting server...`, {
      clear: true,
      timestamp: true,
    })
    server
      .restart()
      .catch((error: unknown) =>
        server.config.logger.error(
          `The dev server could not restart: ${error instanceof Error ? error.message : String(error)}`,
        ),
      )
  })
}

/** Mounts the dashboard's server (the /api routes and, without EXEC_API_URL, the demo API) on `vite` and `vite preview`. */
export function dashboardServer(): Plugin {
  return {
    name: 'execution-dashboard-server',
    configureServer: (server) => {
      void mountDashboard(server)
      restartOnServerChange(server)
    },
    configurePreviewServer: async (server) => {
      // The production server's HTML headers (CSP without unsafe-inline, no framing), so e2e runs under them.
      const outDir = path.resolve(server.config.root, server.config.build.outDir)
      server.middlewares.use(
        previewSecurityHeaders(() => readFileSync(path.join(outDir, 'index.html'), 'utf8')),
      )
      // `vite preview` is how tests start a dashboard: it is ready for them once it has its server's code.
      await mountDashboard(server)
    },
  }
}
