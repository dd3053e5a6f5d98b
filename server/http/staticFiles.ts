import { existsSync, readFileSync, statSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
}
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json'])

interface StaticFile {
  type: string
  bytes: Buffer
  gzip: Buffer | null
  br: Buffer | null
}

function loadFile(file: string): StaticFile {
  const extension = path.extname(file)
  const sibling = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : null)
  return {
    type: TYPES[extension] ?? 'application/octet-stream',
    bytes: readFileSync(file),
    gzip: COMPRESSIBLE.has(extension) ? sibling('.gz') : null,
    br: COMPRESSIBLE.has(extension) ? sibling('.br') : null,
  }
}

function negotiate(file: StaticFile, acceptEncoding: string | undefined): ['br' | 'gzip' | null, Buffer] {
  const accepted = (acceptEncoding ?? '').toLowerCase()
  if (file.br && /\bbr\b/.test(accepted)) return ['br', file.br]
  if (file.gzip && /\bgzip\b/.test(accepted)) return ['gzip', file.gzip]
  return [null, file.bytes]
}

/**
 * Serves dist/: hashed assets cached for a year, index.html revalidated every time, precompressed
 * (.br/.gz made at build) when the browser accepts it. A missing asset is a 404; only navigations get
 * index.html. Files are read once: dist/ does not change while the server runs.
 */
export function createStaticFiles(distDir: string, htmlHeaders: Record<string, string>) {
  const root = path.resolve(distDir)
  const cache = new Map<string, StaticFile | null>()
  const fileAt = (urlPath: string): StaticFile | null => {
    if (cache.has(urlPath)) return cache.get(urlPath) ?? null
    const resolved = path.resolve(root, `.${urlPath}`)
    const inside = resolved.startsWith(root + path.sep)
    const file = inside && existsSync(resolved) && statSync(resolved).isFile() ? loadFile(resolved) : null
    if (cache.size < 1000) cache.set(urlPath, file)
    return file
  }
  const index = fileAt('/index.html')
  if (!index) throw new Error(`${root}/index.html is missing: run "npm run build" first`)

  function send(
    req: IncomingMessage,
    res: ServerResponse,
    file: StaticFile,
    cacheControl: string,
    extra = {},
  ) {
    const [encoding, body] = negotiate(file, req.headers['accept-encoding'])
    res.writeHead(200, {
      'Content-Type': file.type,
      'Content-Length': body.length,
      'Cache-Control': cacheControl,
      'X-Content-Type-Options': 'nosniff',
      Vary: 'Accept-Encoding',
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
      ...extra,
    })
    res.end(req.method === 'HEAD' ? undefined : body)
  }

  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    let urlPath: string
    try {
      urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    } catch {
      return next()
    }
    const isNavigation = (req.headers.accept ?? '').includes('text/html')
    if (urlPath === '/' || urlPath === '/index.html') return send(req, res, index, 'no-cache', htmlHeaders)
    // No dotfiles or dot-folders (Vite's .vite/manifest.json) and no NUL tricks.
    const file = urlPath.includes('\0') || /\/\./.test(urlPath) ? null : fileAt(urlPath)
    if (file) {
      const hashed = urlPath.startsWith('/assets/')
      return send(req, res, file, hashed ? 'public, max-age=31536000, immutable' : 'no-cache')
    }
    if (isNavigation && !urlPath.startsWith('/assets/')) return send(req, res, index, 'no-cache', htmlHeaders)
    next()
  }
}
