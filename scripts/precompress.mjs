// Writes .br and .gz next to every compressible file in dist/, so the production server never compresses per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const root = process.argv[2] ?? 'dist'
const compressible = /\.(html|js|css|svg|json)$/
let count = 0
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) walk(file)
    else if (compressible.test(name)) {
      const bytes = readFileSync(file)
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      )
      writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }))
      count += 1
    }
  }
}
walk(root)
console.log(`precompressed ${count} files in ${root}/ (brotli and gzip)`)
