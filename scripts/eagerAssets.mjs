import { readFileSync } from 'node:fs'
import { dirname, join, posix } from 'node:path'
import { gzipSync } from 'node:zlib'

const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]*?from\s*)?["']([^"']+\.js)["']/g

/** Assets index.html loads before first paint: entry scripts, modulepreloads, stylesheets and their static imports. */
export function eagerAssets(distDir) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8')
  const queue = []
  for (const match of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) queue.push(match[1])
  for (const match of html.matchAll(/<link[^>]*rel="(?:modulepreload|stylesheet)"[^>]*href="([^"]+)"/g)) {
    queue.push(match[1])
  }
  const seen = new Set()
  while (queue.length > 0) {
    const url = posix.normalize(queue.shift().replace(/^\//, ''))
    if (seen.has(url)) continue
    seen.add(url)
    if (!url.endsWith('.js')) continue
    const code = readFileSync(join(distDir, url), 'utf8')
    for (const match of code.matchAll(STATIC_IMPORT)) {
      queue.push(posix.join(dirname(url), match[1]))
    }
  }
  return [...seen].map((file) => {
    const bytes = readFileSync(join(distDir, file))
    return { file, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
  })
}
