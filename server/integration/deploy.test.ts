import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoApi, type RunningDemoApi } from '../demo-api/index.ts'
import { freePort, run, waitUntilUp, type RunningProcess } from './processes.ts'

let demo: RunningDemoApi
let server: RunningProcess | null = null
let origin = ''

/** The repository's tracked files as they are now, in a fresh folder: what a deployment starts from. */
function freshCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'dashboard-deploy-'))
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean)
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    cpSync(file, path.join(dir, file))
  }
  return dir
}

const npm = (dir: string, ...args: string[]) =>
  execFileSync('npm', args, {
    cwd: dir,
    stdio: 'pipe',
    env: { ...process.env, NODE_ENV: undefined, CI: 'true' },
  })

beforeAll(async () => {
  demo = await startDemoApi({ simulate: false })
  const dir = freshCopy()
  npm(dir, 'ci', '--prefer-offline', '--no-audit', '--no-fund')
  npm(dir, 'run', 'build')
  npm(dir, 'prune', '--omit=dev')
  const port = await freePort()
  origin = `http://127.0.0.1:${port}`
  server = run('npm', ['start', '--prefix', dir], {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    PORT: String(port),
    EXEC_API_URL: demo.url,
    EXEC_API_TOKEN: demo.token,
  })
  await waitUntilUp(`${origin}/healthz`, server)
}, 300_000)

afterAll(async () => {
  await server?.stop()
  await demo?.close()
})

describe('npm ci && npm run build && npm prune --omit=dev && npm start', () => {
  it('serves the page and the API from a production install', async () => {
    const page = await fetch(`${origin}/`, { headers: { Accept: 'text/html' } })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<div id="root">')
    const list = await fetch(`${origin}/api/executions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-HTTP-Method-Override': 'GET' },
      body: '{"page":{"first":2}}',
    })
    expect(list.status).toBe(200)
    expect(((await list.json()) as { data: unknown[] }).data).toHaveLength(2)
  })
})
