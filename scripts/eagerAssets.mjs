import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { servedGzip } from './servedGzip.mjs'

const gzip = async (bytes) => (await servedGzip(bytes)).length

/** Local asset paths an HTML page loads before first paint: module scripts, modulepreloads, stylesheets. */
function htmlAssets(html) {
  const files = []
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const src = /\b(?:src|href)="\/([^"]+)"/.exec(tag)?.[1]
    if (!src) continue
    if (tag.startsWith('<script') || /rel="(modulepreload|stylesheet)"/.test(tag)) files.push(src)
  }
  return files
}

/** Static imports of a built module (`import"./a.js"`, `from"./b.js"`); `import("./c.js")` is lazy. */
function staticImports(code) {
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)].map((match) => match[1])
}

/**
 * What index.html loads before first paint: every script and stylesheet it names, the modules those import
 * statically (followed through the code, not taken from the manifest), and its inline scripts. Lazy chunks
 * (dynamic import()) are left out. Sizes are of the gzip the server sends (servedGzip).
 */
export async function eagerAssets(distDir) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8')
  const files = new Set()
  const visit = (file) => {
    if (files.has(file) || !existsSync(join(distDir, file))) return
    files.add(file)
    if (!file.endsWith('.js')) return
    const dir = file.slice(0, file.lastIndexOf('/') + 1)
    for (const imported of staticImports(readFileSync(join(distDir, file), 'utf8'))) visit(dir + imported)
  }
  for (const file of htmlAssets(html)) visit(file)
  const assets = await Promise.all(
    [...files].map(async (file) => {
      const bytes = readFileSync(join(distDir, file))
      return { file, bytes: bytes.length, gzip: await gzip(bytes) }
    }),
  )
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1])
    .filter((code) => code.trim() !== '')
  for (const [index, code] of inline.entries()) {
    const bytes = Buffer.from(code)
    assets.push({
      file: `index.html inline script ${index + 1}`,
      bytes: bytes.length,
      gzip: await gzip(bytes),
    })
  }
  return assets
}
