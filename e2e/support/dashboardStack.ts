import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { preview } from 'vite'
import { startDemoApi } from '../../server/demo-api/index.ts'
import { embeddedDataDir, removeDataDir } from '../../server/testing/embeddedDataDir.ts'

/** One worker's own demo API and the two dashboard servers in front of it. */
export interface DashboardStack {
  /** The dashboard with the server-held token. */
  baseURL: string
  /** The dashboard without a server token: users sign in. */
  signInBaseURL: string
  demoUrl: string
  demoOrigin: string
  demoToken: string
  close(): Promise<void>
}

const startPreview = (outDir?: string) =>
  preview({
    ...(outDir ? { build: { outDir } } : {}),
    preview: { port: 0, host: '127.0.0.1' },
    logLevel: 'warn',
  })

/**
 * One more dashboard in front of the worker's demo API, with settings of its own (`env`) and its own store (one
 * process may not open a store's directory twice): for a test that needs a setting the shared servers must not
 * have, or another build (`outDir`). Closed by the caller.
 */
export async function startExtraDashboard(env: Record<string, string>, outDir?: string) {
  const stack = currentStack()
  const dataDir = await embeddedDataDir()
  const settings: Record<string, string> = {
    EXEC_API_URL: stack.demoUrl,
    EXEC_API_TOKEN: stack.demoToken,
    DASHBOARD_DATA_DIR: dataDir,
    ...env,
  }
  const saved = new Map(Object.keys(settings).map((key) => [key, process.env[key]]))
  Object.assign(process.env, settings)
  try {
    const server = await startPreview(outDir)
    const close = async () => {
      await server.close()
      await removeDataDir(dataDir)
    }
    await untilServing(baseUrlOf(server)).catch(async (error: unknown) => {
      await close()
      throw error
    })
    return { baseURL: baseUrlOf(server), close }
  } finally {
    // The worker's other servers read their settings at start; the next extra one starts from the same.
    for (const [key, value] of saved) {
      if (value === undefined) Reflect.deleteProperty(process.env, key)
      else process.env[key] = value
    }
  }
}

function baseUrlOf(server: Awaited<ReturnType<typeof startPreview>>): string {
  return `http://127.0.0.1:${(server.httpServer.address() as AddressInfo).port}`
}

/**
 * Until the dashboard answers its API: its store is open. A server listens before that (decision 33) and holds the
 * API's requests meanwhile, which would count against the first test's timeouts.
 */
async function untilServing(baseURL: string): Promise<void> {
  const answer = await fetch(`${baseURL}/api/session`)
  if (!answer.ok) throw new Error(`The dashboard at ${baseURL} did not start: HTTP ${answer.status}`)
}

/**
 * Starts the demo API (frozen, so rows stay put) and the built dashboard behind its real proxy, all on
 * free ports. Each Playwright worker is its own process, so the environment it sets for the proxy's
 * configuration is its own too.
 */
export async function startDashboardStack(): Promise<DashboardStack> {
  // A path prefix and a random token, as a real deployment would have.
  const demo = await startDemoApi({
    simulate: false,
    basePath: '/some/prefix/v2',
    token: `e2e-${randomBytes(12).toString('hex')}`,
  })
  process.env.EXEC_API_URL = demo.url
  process.env.EXEC_API_TOKEN = demo.token
  // Short enough for a test to see the proxy's 504, long enough for every legitimate call.
  process.env.EXEC_API_TIMEOUT_MS = '3000'
  // Each test watches new views; the index's own calls get room so its counts settle within a test (the budget
  // has its own tests).
  process.env.DASHBOARD_UPSTREAM_RATE = '5'
  process.env.DASHBOARD_UPSTREAM_BURST = '20'
  // Fewer head refreshes of the many views the tests open: less load on a machine that runs two workers.
  process.env.DASHBOARD_INDEX_REFRESH_MS = '15000'
  // Each test resets the demo and sets its own faults: an answer of the test before must not stand in for the
  // next test's first read (reuse has its own tests in server/upstream and server/routes).
  process.env.DASHBOARD_REUSE_MS = '0'
  // Every test signs in from 127.0.0.1; the per-address limit has its own unit test.
  process.env.DASHBOARD_SIGN_IN_LIMIT = '1000'
  // Tests come back to the same views within a minute or an hour: "Since you last looked" would show in any of them.
  // Its own test starts a server of its own that shows it at once (e2e/since-last-looked.spec.ts).
  process.env.DASHBOARD_DIGEST_AWAY_MS = String(7 * 86_400_000)
  // One log link per execution, as an operator would configure one (e2e/log-links.spec.ts).
  process.env.DASHBOARD_LINKS = JSON.stringify([
    {
      label: 'Logs',
      url: 'https://logs.example.invalid/search?q={id}&env={metadata.env}&from={from}&to={to}',
    },
  ])
  // The tests inject faults on purpose; their error lines would bury Playwright's report (E2E_LOG_LEVEL=info shows them).
  process.env.LOG_LEVEL = process.env.E2E_LOG_LEVEL ?? 'silent'
  // Each server keeps its index in its own embedded store, in a directory of its own.
  const dataDirs = [await embeddedDataDir(), await embeddedDataDir()]
  process.env.DASHBOARD_DATA_DIR = dataDirs[0]
  const server = await startPreview()
  delete process.env.EXEC_API_TOKEN
  process.env.DASHBOARD_DATA_DIR = dataDirs[1]
  const signInServer = await startPreview()
  const close = async () => {
    await Promise.all([server.close(), signInServer.close()])
    await demo.close()
    await Promise.all(dataDirs.map((dir) => removeDataDir(dir)))
  }
  await Promise.all([untilServing(baseUrlOf(server)), untilServing(baseUrlOf(signInServer))]).catch(
    async (error: unknown) => {
      await close()
      throw error
    },
  )
  return {
    baseURL: baseUrlOf(server),
    signInBaseURL: baseUrlOf(signInServer),
    demoUrl: demo.url,
    demoOrigin: demo.origin,
    demoToken: demo.token,
    close,
  }
}

let current: DashboardStack | null = null

/** The running worker's stack, for helpers that ask the demo API directly. */
export function currentStack(): DashboardStack {
  if (current === null) throw new Error('No dashboard stack: use the fixtures from e2e/support/fixtures.ts')
  return current
}

export function setCurrentStack(stack: DashboardStack | null): void {
  current = stack
}
