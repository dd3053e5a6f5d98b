import http from 'node:http'
import net from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { close, listen } from '../testing/httpTestKit.ts'
import { MAX_UNSENT_BYTES, startEventStream, writeAndDrain, type EventStream } from './eventStream.ts'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** A server with one stream; a raw client that reads only when told to. */
async function streamPair(stallMs?: number) {
  let stream: EventStream | null = null
  let response: http.ServerResponse | null = null
  const server = http.createServer((_req, res) => {
    response = res
    stream = startEventStream(res, { stallMs })
  })
  const origin = new URL(await listen(server))
  const socket = net.connect(Number(origin.port), origin.hostname)
  socket.write('GET /live HTTP/1.1\r\nHost: x\r\n\r\n')
  cleanups.push(
    () => close(server),
    () => void socket.destroy(),
  )
  const chunks: Buffer[] = []
  socket.on('data', (chunk: Buffer) => chunks.push(chunk))
  await expect.poll(() => stream !== null && chunks.length > 0).toBe(true)
  return {
    stream: stream as unknown as EventStream,
    res: response as unknown as http.ServerResponse,
    socket,
    text: () => Buffer.concat(chunks).toString(),
  }
}

const big = (n: number) => ({ n, pad: 'x'.repeat(64 * 1024) })

describe('an event stream behind a slow reader', () => {
  it('holds no more than a bound unsent, keeps the newest of each event, and sends it once the reader reads', async () => {
    const pair = await streamPair()
    pair.socket.pause()
    let most = 0
    for (let n = 0; n < 400; n += 1) {
      pair.stream.send({ event: 'list', data: big(n) })
      if (n % 7 === 0) pair.stream.send({ event: 'overview', data: { n } })
      most = Math.max(most, pair.res.writableLength)
    }
    // 400 events of 64 KB were sent: the server held at most the bound and one event more.
    expect(most).toBeLessThan(MAX_UNSENT_BYTES + 70 * 1024)
    pair.socket.resume()
    await expect.poll(() => pair.text().includes('"n":399,')).toBe(true)
    await expect.poll(() => pair.text().includes('{"n":399}')).toBe(true)
    // Most of the 400 never went out: coalesced to the newest.
    expect(pair.text().split('event: list').length - 1).toBeLessThan(100)
  })

  it('cuts off a reader that takes nothing while events wait', async () => {
    const pair = await streamPair(200)
    pair.socket.pause()
    // A live view that changes all the time: once the socket's buffers are full, the reader is behind for good.
    let n = 0
    const changes = setInterval(() => pair.stream.send({ event: 'list', data: big((n += 1)) }), 5)
    await pair.stream.closed
    clearInterval(changes)
    expect(pair.res.destroyed).toBe(true)
  })

  it('ends the stream rather than drop a notice the reader must not miss', async () => {
    const pair = await streamPair()
    pair.socket.pause()
    for (let n = 0; n < 50; n += 1) pair.stream.send({ event: 'watches', data: big(n) })
    pair.stream.send({ event: 'notice', id: '7', data: { seq: 7 } })
    await pair.stream.closed
    expect(pair.stream.ended()).toBe(true)
  })

  it('ends with an error event for an event past the largest, and writes nothing after the end', async () => {
    const pair = await streamPair()
    pair.stream.send({ event: 'list', data: 'x'.repeat(9 * 1024 * 1024) })
    await pair.stream.closed
    await expect.poll(() => pair.text()).toMatch(/event: error/)
    expect(pair.text()).toMatch(/event: error\ndata: \{"code":"event_too_large","event":"list"\}/)
    expect(() => pair.stream.send({ event: 'list', data: 1 })).not.toThrow()
  })
})

describe('a long answer (an export) behind a reader that takes nothing', () => {
  it('waits for the reader, holding one part at a time, and cuts it off when it stalls', async () => {
    const pair = await streamPair()
    pair.socket.pause()
    const part = 'x'.repeat(64 * 1024)
    let written = 0
    let most = 0
    const stopped = await (async () => {
      for (;;) {
        await writeAndDrain(pair.res, part, new AbortController().signal, 200)
        written += 1
        most = Math.max(most, pair.res.writableLength)
      }
    })().catch((error: unknown) => error)
    expect(stopped).toBeInstanceOf(Error)
    expect(pair.res.destroyed).toBe(true)
    expect(written).toBeGreaterThan(0)
    expect(most).toBeLessThanOrEqual(part.length * 2)
  })
})
