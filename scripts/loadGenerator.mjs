// A small closed-loop load generator: `connections` kept-alive connections each send a request as soon as the
// previous one is answered, for `seconds`; latencies are timed in microseconds (autocannon rounds to whole ms).
import http from 'node:http'

/** The value at fraction `p` of sorted `values` (NaN when there are none). */
export const percentile = (values, p) =>
  values[Math.min(values.length - 1, Math.floor(values.length * p))] ?? NaN

/** Runs the load and returns latency percentiles (µs), requests per second, failures, and every latency, sorted. */
export async function load({ url, method, headers, body, connections, seconds }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  const target = new URL(url)
  const latencies = []
  let failures = 0
  let sequence = 0
  const deadline = performance.now() + seconds * 1000
  const once = () =>
    new Promise((resolve) => {
      const payload = typeof body === 'function' ? body(sequence++) : body
      const started = process.hrtime.bigint()
      const request = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method,
          headers: { ...headers, 'content-length': Buffer.byteLength(payload) },
          agent,
        },
        (response) => {
          response.resume()
          response.on('end', () => {
            if (response.statusCode !== 200) failures += 1
            latencies.push(Number(process.hrtime.bigint() - started) / 1000)
            resolve()
          })
        },
      )
      request.on('error', () => {
        failures += 1
        resolve()
      })
      request.end(payload)
    })
  const worker = async () => {
    while (performance.now() < deadline) await once()
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: connections }, worker))
  const elapsed = (performance.now() - started) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  return {
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    rps: latencies.length / elapsed,
    failures,
    latencies,
  }
}
