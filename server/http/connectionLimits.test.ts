import http from 'node:http'
import net from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { close, listen } from '../testing/httpTestKit.ts'
import { connectionCap, limitConnections, openFilesLimit } from './connectionLimits.ts'
import { TRUST_NO_PROXY } from './origin.ts'

const servers: http.Server[] = []
const sockets: net.Socket[] = []
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy()
  await Promise.all(servers.splice(0).map(close))
})

async function serve(cap: number, perAddress: number) {
  const server = http.createServer((_req, res) => res.end('ok'))
  server.keepAliveTimeout = 60_000
  servers.push(server)
  limitConnections(server, { cap, perAddress, trust: TRUST_NO_PROXY })
  const { port } = new URL(await listen(server))
  return Number(port)
}

/** A kept-alive connection from `from` that has made one request and now sits idle; its first answer's status. */
function idleConnection(port: number, from: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: from })
    sockets.push(socket)
    socket.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().split(' ')[1])))
    socket.once('error', reject)
    socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n')
  })
}

async function served(port: number, from: string): Promise<number> {
  const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
    http.get({ port, host: '127.0.0.1', localAddress: from, agent: false }, resolve).on('error', reject),
  )
  response.resume()
  return response.statusCode ?? 0
}

describe('connection limits', () => {
  it('refuse one address past its share with a 503 that says so, and keep serving the others', async () => {
    const port = await serve(1_000, 20)
    const greedy = await Promise.all(Array.from({ length: 30 }, () => idleConnection(port, '127.0.0.2')))
    expect(greedy.filter((status) => status === 200)).toHaveLength(20)
    expect(greedy.filter((status) => status === 503)).toHaveLength(10)
    expect(await served(port, '127.0.0.3')).toBe(200)
  })

  it('close idle kept-alive connections near the global cap, so a newcomer still gets in', async () => {
    const port = await serve(40, 1_000)
    const held = await Promise.all(Array.from({ length: 38 }, () => idleConnection(port, '127.0.0.2')))
    expect(held.every((status) => status === 200)).toBe(true)
    expect(await served(port, '127.0.0.3')).toBe(200)
  })

  it('never allow more connections than the process can open files for', () => {
    expect(
      openFilesLimit(() => 'Max open files            1024                 4096                 files'),
    ).toBe(1024)
    expect(openFilesLimit(() => 'nothing here')).toBeNull()
    expect(connectionCap(1_000, 1_024)).toBe(768)
    expect(connectionCap(1_000, 65_536)).toBe(1_000)
    expect(connectionCap(1_000, null)).toBe(1_000)
  })
})
