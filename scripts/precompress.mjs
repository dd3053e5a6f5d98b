// Writes .br and .gz next to every compressible file in dist/, so the production server never compresses per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'
import { servedGzip } from './servedGzip.mjs'

const root = process.argv[2] ?? 'dist'
const compressible = /\.(html|js|css|svg|json)$/

function filesIn(dir) {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) return filesIn(file)
    return compressible.test(name) ? [file] : []
  })
}

const files = filesIn(root)
await Promise.all(
  files.map(async (file) => {
    const bytes = readFileSync(file)
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    )
    writeFileSync(`${file}.gz`, await servedGzip(bytes))
  }),
)
console.log(`precompressed ${files.length} files in ${root}/ (brotli and gzip)`)
