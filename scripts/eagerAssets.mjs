import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/**
 * What index.html loads before first paint, read from Vite's build manifest: the entry chunk, the chunks it
 * imports statically (recursively) and their CSS. Dynamic imports (lazy features) are left out.
 */
export function eagerAssets(distDir) {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'))
  const files = new Set()
  const visit = (key) => {
    const chunk = manifest[key]
    if (!chunk || files.has(chunk.file)) return
    files.add(chunk.file)
    for (const css of chunk.css ?? []) files.add(css)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key)
  return [...files].map((file) => {
    const bytes = readFileSync(join(distDir, file))
    return { file, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
  })
}
