import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { eagerAssets } from './eagerAssets.mjs'

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** The segments of a source map's `mappings`, per generated line: [column, source index or -1]. */
export function decodeMappings(mappings) {
  const lines = []
  let source = 0
  for (const line of mappings.split(';')) {
    const segments = []
    let column = 0
    for (const segment of line.split(',')) {
      if (segment === '') continue
      const fields = []
      let value = 0
      let shift = 0
      for (const char of segment) {
        const digit = BASE64.indexOf(char)
        value += (digit & 31) << shift
        if (digit & 32) shift += 5
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1)
          value = 0
          shift = 0
        }
      }
      column += fields[0]
      if (fields.length >= 4) source += fields[1]
      segments.push([column, fields.length >= 4 ? source : -1])
    }
    lines.push(segments)
  }
  return lines
}

/** Who a source file belongs to: an npm package, or a folder of the app. */
export function ownerOf(source) {
  const path = source.replace(/\\/g, '/')
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1]
  if (pkg) return pkg
  const app = /(?:^|\/)src\/(.*)$/.exec(path)?.[1]
  if (!app) return '(bundler glue)'
  const parts = app.split('/')
  return `src/${parts.length > 2 ? parts.slice(0, 2).join('/') : parts.length > 1 ? parts[0] : app}`
}

/** The generated code of one chunk, cut into pieces by the owner of each piece. */
export function piecesByOwner(code, map, ownerOfSource = ownerOf) {
  const pieces = new Map()
  const add = (owner, text) => pieces.set(owner, (pieces.get(owner) ?? '') + text)
  const lines = code.split('\n')
  for (const [index, segments] of decodeMappings(map.mappings).entries()) {
    const line = lines[index] ?? ''
    let last = 0
    for (const [position, [column, source]] of segments.entries()) {
      if (column > last) add('(bundler glue)', line.slice(last, column))
      const end = segments[position + 1]?.[0] ?? line.length
      add(
        source === -1 ? '(bundler glue)' : ownerOfSource(map.sources[source] ?? ''),
        line.slice(column, end),
      )
      last = end
    }
    if (last < line.length) add('(bundler glue)', line.slice(last))
  }
  return pieces
}

/** A source's path from the project root (or from node_modules). */
const shortPath = (source) => source.replace(/\\/g, '/').replace(/^.*?\/(node_modules|src)\//, '$1/')

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`

/**
 * Builds once more with source maps (into a temporary folder) and shares out each eager chunk's gzip bytes
 * among the packages and app folders its code came from. A share is that owner's code gzipped on its own,
 * scaled so the shares of a chunk add up to the chunk's real gzip size: an estimate, as gzip compresses
 * across owners, but it puts the bytes where they are.
 */
export async function explainEagerBytes({ top = 25 } = {}) {
  const outDir = mkdtempSync(join(tmpdir(), 'size-why-'))
  try {
    execFileSync(
      'npx',
      ['vite', 'build', '--sourcemap', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      {
        stdio: 'inherit',
      },
    )
    const totals = new Map()
    const files = new Map()
    for (const asset of await eagerAssets(outDir)) {
      const mapFile = join(outDir, `${asset.file}.map`)
      if (!asset.file.endsWith('.js') || !existsSync(mapFile)) {
        const owner = asset.file.endsWith('.css') ? '(CSS)' : asset.file
        totals.set(owner, (totals.get(owner) ?? 0) + asset.gzip)
        continue
      }
      const code = readFileSync(join(outDir, asset.file), 'utf8')
      const map = JSON.parse(readFileSync(mapFile, 'utf8'))
      const byOwner = piecesByOwner(code, map)
      const byFile = piecesByOwner(code, map, shortPath)
      const alone = [...byOwner].map(([owner, text]) => [owner, gzipSync(text, { level: 9 }).length])
      const sum = alone.reduce((total, [, bytes]) => total + bytes, 0)
      for (const [owner, bytes] of alone)
        totals.set(owner, (totals.get(owner) ?? 0) + (bytes / sum) * asset.gzip)
      const fileAlone = [...byFile].map(([file, text]) => [file, gzipSync(text, { level: 9 }).length])
      const fileSum = fileAlone.reduce((total, [, bytes]) => total + bytes, 0)
      for (const [file, bytes] of fileAlone)
        files.set(file, (files.get(file) ?? 0) + (bytes / fileSum) * asset.gzip)
    }
    console.log('\nWhere the eager gzip bytes come from (estimated from source maps):')
    for (const [owner, bytes] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, top))
      console.log(`  ${owner.padEnd(44)} ${kb(bytes).padStart(9)}`)
    console.log(`\nThe ${top} largest source files:`)
    for (const [file, bytes] of [...files].sort((a, b) => b[1] - a[1]).slice(0, top))
      console.log(`  ${file.slice(-70).padEnd(72)} ${kb(bytes).padStart(9)}`)
  } finally {
    rmSync(outDir, { recursive: true, force: true })
  }
}
