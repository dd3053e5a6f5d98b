// The floor for bench:proxy: the least a relay that is a Node process of its own can do. It reads a POST to
// /api/executions and sends it on as GET /v2/executions with the token, and the answer back, with node:http and a
// kept-alive pool like the dashboard's: no checks, no limits, no deadline, no headers of its own.
import http from 'node:http'

const agent = new http.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 64 })
const api = new URL(process.env.EXEC_API_URL)
const authorization = `Bearer ${process.env.EXEC_API_TOKEN}`

const read = (stream, done) => {
  const chunks = []
  stream.on('data', (chunk) => chunks.push(chunk))
  stream.on('end', () => done(Buffer.concat(chunks)))
}

http
  .createServer((req, res) => {
    if (req.url === '/healthz') return res.end('ok')
    read(req, (body) => {
      const headers = { 'content-type': 'application/json', 'content-length': body.length, authorization }
      const options = { host: api.hostname, port: api.port, method: 'GET', agent, headers }
      const call = http.request({ ...options, path: `${api.pathname}/executions` }, (answer) =>
        read(answer, (bytes) => {
          res.writeHead(answer.statusCode, {
            'content-type': 'application/json',
            'content-length': bytes.length,
          })
          res.end(bytes)
        }),
      )
      // A failed call answers 502, so the bench counts a failure instead of this process stopping.
      call.on('error', () => res.writeHead(502).end())
      call.end(body)
    })
  })
  .listen(Number(process.env.PORT), '127.0.0.1')
