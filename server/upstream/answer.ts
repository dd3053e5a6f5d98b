import type { IncomingMessage } from 'node:http'
import type { Transform } from 'node:stream'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'

/** The API answered something that cannot be used or relayed; the words say what. */
export class InvalidUpstreamAnswerError extends Error {}

export interface AnswerLimits {
  /** Bytes of the answer as it travels and after decoding; past either, reading stops. */
  maxBytes: number
}

function decoderFor(encoding: string | undefined): Transform | null | 'unknown' {
  const name = (encoding ?? '').trim().toLowerCase()
  if (name === '' || name === 'identity') return null
  if (name === 'gzip' || name === 'x-gzip') return createGunzip()
  if (name === 'br') return createBrotliDecompress()
  if (name === 'deflate') return createInflate()
  return 'unknown'
}

/**
 * Reads an upstream answer whole, decoding gzip, brotli or deflate as it streams, and gives up at
 * `maxBytes` on either side: a 1 GB decompression bomb costs a few MB and milliseconds, never the
 * event loop (decoding runs in zlib's threads, chunk by chunk).
 */
export function readAnswerBody(res: IncomingMessage, limits: AnswerLimits): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const decoder = decoderFor(res.headers['content-encoding'])
    if (decoder === 'unknown') {
      res.destroy()
      reject(new InvalidUpstreamAnswerError('an answer in an unknown content encoding'))
      return
    }
    const chunks: Buffer[] = []
    let decoded = 0
    let raw = 0
    let settled = false
    const fail = (error: Error) => {
      if (settled) return
      settled = true
      decoder?.destroy()
      res.destroy()
      reject(error)
    }
    const tooLarge = () =>
      fail(new InvalidUpstreamAnswerError(`an answer larger than ${Math.round(limits.maxBytes / 1e6)} MB`))
    const take = (chunk: Buffer) => {
      decoded += chunk.length
      if (decoded > limits.maxBytes) return tooLarge()
      chunks.push(chunk)
    }
    res.on('data', (chunk: Buffer) => {
      raw += chunk.length
      if (raw > limits.maxBytes) return tooLarge()
      if (decoder) decoder.write(chunk)
      else take(chunk)
    })
    res.on('error', (error) => fail(error))
    res.on('aborted', () => fail(new InvalidUpstreamAnswerError('an answer that broke off')))
    const finish = () => {
      if (settled) return
      settled = true
      resolve(Buffer.concat(chunks))
    }
    if (decoder) {
      decoder.on('data', take)
      decoder.on('error', () => fail(new InvalidUpstreamAnswerError('an answer that could not be decoded')))
      decoder.on('end', finish)
      res.on('end', () => decoder.end())
    } else {
      res.on('end', finish)
    }
  })
}
