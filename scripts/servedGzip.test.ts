import { readFileSync } from 'node:fs'
import { gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { servedGzip } from './servedGzip.mjs'

describe('the gzip the server sends for built files', () => {
  it('is plain gzip: any client gets back the exact bytes', async () => {
    for (const text of ['', 'a', 'x'.repeat(70_000), '\u202e é 日本 \u0000 \uffff']) {
      const bytes = Buffer.from(text)
      expect(gunzipSync(await servedGzip(bytes)).equals(bytes)).toBe(true)
    }
  })

  it('is smaller than zlib at level 9 on code like the first load', async () => {
    const code = Buffer.from(
      ['src/api/transport.ts', 'shared/listAnswer.ts', 'src/lib/viewUrl.ts']
        .map((file) => readFileSync(file, 'utf8'))
        .join('\n'),
    )
    expect((await servedGzip(code)).length).toBeLessThan(gzipSync(code, { level: 9 }).length)
  })
})
