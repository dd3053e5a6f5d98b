import type { IncomingMessage } from 'node:http'
import type { Transform } from 'node:stream'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'

/** The API answered something that cannot be used or relayed; the words say what. */
export class InvalidUpstreamAnswerError extends Error {}

/**
 * An error is a sentence, not a file: an error body (status 300 and up) is read no further than this, and one
 * that goes past it is dropped and never relayed. A decompression bomb in an error body costs at most this.
 */
export const ERROR_BODY_LIMIT_BYTES = 256 * 1024

export interface AnswerLimits {
  /** Bytes of the answer as it travels and after decoding; past either, reading stops. */
  maxBytes: number
  /** Past `maxBytes`, settle with no body and `cut` instead of failing (error bodies, whose status still counts). */
  dropPastLimit?: boolean
}

export interface AnswerBody {
  bytes: Buffer
  /** The body went past the limit and was dropped (only with `dropPastLimit`). */
  cut: boolean
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
export function readAnswerBody(res: IncomingMessage, limits: AnswerLimits): Promise<AnswerBody> {
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
    /** Stops reading, once: with an error, or (a body dropped past its limit) with no body. */
    const stopReading = (error: Error | null) => {
      if (settled) return
      settled = true
      decoder?.destroy()
      res.destroy()
      if (error) reject(error)
      else resolve({ bytes: Buffer.alloc(0), cut: true })
    }
    const fail = (error: Error) => stopReading(error)
    const tooLarge = () =>
      stopReading(
        limits.dropPastLimit
          ? null
          : new InvalidUpstreamAnswerError(`an answer larger than ${Math.round(limits.maxBytes / 1e6)} MB`),
      )
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
      resolve({ bytes: Buffer.concat(chunks), cut: false })
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
