import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoApi, type RunningDemoApi } from '../demo-api/index.ts'
import { rawRequest } from '../testing/httpTestKit.ts'
import { postgresMissing, startPostgres, type RunningPostgres } from '../testing/postgresServer.ts'
import { freePort, NGINX, run, waitUntilUp, type RunningProcess } from './processes.ts'

const SERVER = path.resolve('dist-server/production.js')
const missing = !NGINX
  ? 'nginx is not installed'
  : !existsSync(SERVER)
    ? 'run npm run build first'
    : postgresMissing()
// Under CI a missing nginx or build is a failure, not a skip.
if (missing && process.env.CI) throw new Error(`load-balancer test cannot run: ${missing}`)

let demo: RunningDemoApi
let nginx: RunningProcess
let postgres: RunningPostgres
const replicas: RunningProcess[] = []
let replicaPorts: number[] = []
let startReplica: (index: number) => Promise<void> = () => Promise.resolve()
let origin = ''
let cookie = ''
let nginxDir = ''

function nginxConfig(dir: string, port: number, replicaPorts: number[]): string {
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  upstream dashboard { ${replicaPorts.map((p) => `server 127.0.0.1:${p} max_fails=0;`).join(' ')} }
  server {
    listen 127.0.0.1:${port};
    proxy_set_header X-Forwarded-Host $http_host;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header X-Forwarded-For $remote_addr;
    # Who the user is, as an authentication proxy (auth_request, oauth2-proxy) would say.
    proxy_set_header X-Forwarded-User "alice@example.com";
    # Reads (list calls are POSTs with a GET override) may go to the next replica even after being sent:
    # a replica that stops can reset a connection it never read. The reschedule never is.
    location ~ ^/api/(executions(/[^/]+/attempts)?|session)$ {
      proxy_pass http://dashboard;
      proxy_next_upstream error timeout non_idempotent;
    }
    location / {
      proxy_pass http://dashboard;
      proxy_next_upstream error timeout;
    }
  }
}
`
}

const api = (pathname: string, init: RequestInit = {}) =>
  fetch(`${origin}/api${pathname}`, {
    ...init,
    headers: { 'Content-Type': 'application/json', Origin: origin, Cookie: cookie, ...init.headers },
  })
const list = () =>
  api('/executions', {
    method: 'POST',
    headers: { 'X-HTTP-Method-Override': 'GET' },
    body: '{"page":{"first":1}}',
  })
const served = (replica: RunningProcess, route: string) =>
  replica
    .output()
    .split('\n')
    .filter((line) => line.includes(`"route":"${route}"`)).length

beforeAll(async () => {
  if (missing || !NGINX) return
  demo = await startDemoApi({ simulate: false })
  postgres = await startPostgres()
  const databaseUrl = await postgres.newDatabase()
  const nginxPort = await freePort()
  replicaPorts = [await freePort(), await freePort()]
  origin = `http://127.0.0.1:${nginxPort}`
  const key = randomBytes(32).toString('hex')
  startReplica = async (index: number) => {
    const port = replicaPorts[index] ?? 0
    const replica = run('node', [SERVER], {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      EXEC_API_URL: demo.url,
      DASHBOARD_SESSION_KEY: key,
      DASHBOARD_TRUST_PROXY: '1',
      DASHBOARD_USER_HEADER: 'X-Forwarded-User',
      DASHBOARD_PUBLIC_ORIGIN: origin,
      DASHBOARD_ALLOWED_HOSTS: `127.0.0.1:${nginxPort},127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      DASHBOARD_UPSTREAM_RATE: '50',
      DASHBOARD_INDEX_REFRESH_MS: '500',
      LOG_LEVEL: 'info',
    })
    replicas[index] = replica
    await waitUntilUp(`http://127.0.0.1:${port}/healthz`, replica)
  }
  await startReplica(0)
  await startReplica(1)
  const dir = mkdtempSync(path.join(tmpdir(), 'dashboard-nginx-'))
  nginxDir = dir
  writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir, nginxPort, replicaPorts))
  nginx = run(NGINX, ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { PATH: process.env.PATH })
  await waitUntilUp(`${origin}/healthz`, nginx)
}, 30_000)

afterAll(async () => {
  await Promise.all([nginx?.stop('SIGQUIT'), ...replicas.map((replica) => replica.stop())])
  await demo?.close()
  await postgres?.stop()
})

describe.skipIf(missing !== null)('two replicas behind nginx', () => {
  it('signs in once, and both replicas accept the session for lists and reschedules', async () => {
    const signIn = await api('/session', { method: 'POST', body: JSON.stringify({ token: demo.token }) })
    expect(signIn.status).toBe(200)
    cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
    expect(cookie).toMatch(/^exec_dashboard_session=/)
    for (let call = 0; call < 4; call += 1) expect((await list()).status).toBe(200)
    for (const id of ['exec-000100', 'exec-000101']) {
      const answer = await api(`/executions/${id}/schedule`, {
        method: 'PATCH',
        body: '{"schedule_for":true}',
      })
      expect(answer.status).toBe(200)
    }
    // A request's log line is written as its answer goes out: wait for it rather than race it.
    for (const replica of replicas) {
      await expect.poll(() => served(replica, 'list_executions')).toBeGreaterThan(0)
      await expect.poll(() => served(replica, 'reschedule')).toBe(1)
    }
  })

  it('records the user nginx names, and each replica lists the records the other wrote', async () => {
    const trail = async (port: number, id: string) =>
      (
        (await (
          await fetch(`http://127.0.0.1:${port}/api/audit?execution=${id}`, {
            headers: { Origin: origin, Cookie: cookie },
          })
        ).json()) as { data: { user: string; outcome: string }[] }
      ).data
    // The test before rescheduled these two through nginx, one on each replica.
    for (const id of ['exec-000100', 'exec-000101'])
      for (const port of replicaPorts) {
        const records = await trail(port, id)
        expect(records).toHaveLength(1)
        expect(records[0]).toMatchObject({ user: 'alice@example.com', outcome: 'rescheduled' })
      }
  })

  it('still refuses cross-site requests and unknown hosts', async () => {
    expect(
      (await api('/executions', { method: 'POST', headers: { Origin: 'http://evil.example' } })).status,
    ).toBe(403)
    // fetch will not send another Host; node:http will, as a rebinding attacker's browser does.
    const rebinding = await rawRequest(`${origin}/`, {
      headers: { Host: 'evil.example', Accept: 'text/html' },
    })
    expect(rebinding.status).toBe(421)
  })

  it('keeps one index for both replicas in PostgreSQL: one scans, and when it dies the other takes over', async () => {
    const overview = (port: number) =>
      fetch(`http://127.0.0.1:${port}/api/overview?state=failed`, {
        headers: { Origin: origin, Cookie: cookie },
      }).then(
        (response) =>
          response.json() as Promise<{ scanner: string; total: number; coverage: { kind: string } }>,
      )
    const ports = replicaPorts
    await expect
      .poll(async () => (await overview(ports[0] ?? 0)).coverage.kind, { timeout: 30_000 })
      .toBe('exact')
    await expect
      .poll(
        async () => [(await overview(ports[0] ?? 0)).scanner, (await overview(ports[1] ?? 0)).scanner].sort(),
        { timeout: 30_000 },
      )
      .toEqual(['another replica', 'this replica'])
    const leader = (await overview(ports[0] ?? 0)).scanner === 'this replica' ? 0 : 1
    const other = 1 - leader
    const total = (await overview(ports[leader] ?? 0)).total
    await expect.poll(async () => (await overview(ports[other] ?? 0)).total, { timeout: 30_000 }).toBe(total)
    await replicas[leader]?.stop('SIGKILL')
    await expect
      .poll(async () => (await overview(ports[other] ?? 0)).scanner, { timeout: 30_000 })
      .toBe('this replica')
    // The new scanner keeps the index: another client reschedules a failed execution, and the count follows.
    const before = await overview(ports[other] ?? 0)
    const failed = await rawRequest(`${demo.url}/executions`, {
      headers: { Authorization: `Bearer ${demo.token}`, 'Content-Type': 'application/json' },
      body: '{"page":{"first":1},"filters":{"states":["failed"]}}',
    })
    const id = (JSON.parse(failed.body) as { data: { id: string }[] }).data[0]?.id ?? ''
    await rawRequest(`${demo.url}/executions/${encodeURIComponent(id)}/schedule`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${demo.token}`, 'Content-Type': 'application/json' },
      body: '{"schedule_for":true}',
    })
    await expect
      .poll(async () => (await overview(ports[other] ?? 0)).total, { timeout: 30_000 })
      .toBe(before.total - 1)
    await startReplica(leader)
  })

  it('loses no request when one replica is stopped mid-traffic', async () => {
    const statuses: number[] = []
    let stopping: Promise<number | null> = Promise.resolve(null)
    let stopped = false
    // Three clients at once, so requests are in flight and arriving when the replica gets SIGTERM.
    const client = async () => {
      for (let call = 0; call < 30; call += 1) {
        if (statuses.length === 20 && !stopped) {
          stopped = true
          stopping = replicas[0]?.stop('SIGTERM') ?? stopping
        }
        statuses.push((await list()).status)
      }
    }
    await Promise.all([client(), client(), client()])
    expect(await stopping).toBe(0)
    const errors = readFileSync(path.join(nginxDir, 'error.log'), 'utf8')
    expect(
      statuses.filter((status) => status !== 200),
      errors,
    ).toEqual([])
  })
})
