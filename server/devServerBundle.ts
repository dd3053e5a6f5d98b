/*
 * The dev server's bundles of the dashboard's server (decision 39): made with esbuild, kept in node_modules/.cache
 * while their inputs are unchanged, each load a new module instance.
 */
import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Plugin as EsbuildPlugin } from 'esbuild'
import { DEV_SERVER_BUNDLES } from '../scripts/cachePaths.mjs'

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
export async function bundleServer(root: string): Promise<Bundles> {
  const outdir = path.join(root, DEV_SERVER_BUNDLES)
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
export const loadBundle = <T>(bundle: string): Promise<T> =>
  import(`${pathToFileURL(bundle).href}?load=${randomUUID()}`) as Promise<T>
