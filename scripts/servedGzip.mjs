import { gzipAsync } from '@gfx/zopfli'

/**
 * The gzip the production server sends for a built file (precompress.mjs writes it beside the file): Zopfli's,
 * still plain gzip for any client, about 3.5 % smaller than zlib's level 9 on the first load, paid once at build
 * time (about a second per 300 KB) instead of per response. The size check measures the same bytes.
 */
export async function servedGzip(bytes) {
  return Buffer.from(await gzipAsync(bytes, { numiterations: 15 }))
}
