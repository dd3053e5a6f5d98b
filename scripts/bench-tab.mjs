// npm run bench:tab [-- --seconds 90 --viewers 1,5 --base <dir> --frozen]: what open tabs cost the API. A live
// demo API (its simulation running; --frozen: nothing changes) behind the production server; 1 and 5 headless Chromium tabs left open on the default
// view; upstream list calls a minute over --seconds, by the dashboard's lane (its User-Agent: user, live, index,
// verify, sample). Cases, alternated in one run: this build, this build with DASHBOARD_INDEX=0 (only the tabs'
// own polls, as before the index), and with --base the other build. `npm run build` first.
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import {
  baseBuild,
  chromiumPath,
  loadAverage,
  requireBuild,
  startDemo,
  startProduction,
} from './benchSupport.mjs'

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '90' },
    viewers: { type: 'string', default: '1,5' },
    base: { type: 'string' },
    frozen: { type: 'boolean', default: false },
  },
})
requireBuild()
const base = baseBuild(values.base, 'dist-server/ and dist/')
const seconds = Number(values.seconds)
const viewerCounts = values.viewers.split(',').map(Number)
const loadBefore = loadAverage()
const token = 'bench-token'
const browser = await chromium.launch({ executablePath: chromiumPath() })
const wait = (ms) => new Promise((done) => setTimeout(done, ms))
const stop = (child) => {
  const exited = new Promise((done) => child.once('exit', done))
  child.kill()
  return exited
}

const cases = [
  { name: 'this build', cwd: process.cwd(), env: {} },
  { name: 'this build, DASHBOARD_INDEX=0', cwd: process.cwd(), env: { DASHBOARD_INDEX: '0' } },
  ...(base ? [{ name: `--base ${base}`, cwd: base, env: {} }] : []),
]

async function demoCall(api, method, path) {
  const answer = await fetch(`http://127.0.0.1:${api.port}/__demo${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
  })
  return answer.json()
}

/** List calls a minute, by lane, with `viewers` tabs open on one server in front of its own live demo. */
async function measure(testCase, viewers) {
  const api = await startDemo(token, [], { frozen: values.frozen })
  const server = await startProduction(api.url, token, testCase.env, testCase.cwd)
  const context = await browser.newContext({ baseURL: server.origin })
  try {
    for (let tab = 0; tab < viewers; tab += 1) {
      const page = await context.newPage()
      await page.goto('/')
      await page.locator('#executions-list tbody tr[data-row-id]').first().waitFor({ timeout: 60_000 })
    }
    // The first whole walk is a cost of its own (bench:index); this counts the steady state after it.
    await wait(15_000)
    await demoCall(api, 'POST', '/stats/reset')
    const started = Date.now()
    await wait(seconds * 1_000)
    const minutes = (Date.now() - started) / 60_000
    const stats = await demoCall(api, 'GET', '/stats')
    const byLane = Object.fromEntries(
      Object.entries(stats.list_executions_by_lane).map(([lane, calls]) => [lane, calls / minutes]),
    )
    const total = Object.values(byLane).reduce((sum, perMinute) => sum + perMinute, 0)
    return { total, byLane }
  } finally {
    await context.close()
    await Promise.all([stop(server.child), stop(api.child)])
  }
}

const results = []
for (const viewers of viewerCounts)
  for (const testCase of cases) {
    const result = await measure(testCase, viewers)
    results.push({ viewers, name: testCase.name, ...result })
    console.error(`${viewers} tab(s), ${testCase.name}: ${result.total.toFixed(1)} list calls/min`)
  }
await browser.close()

console.log(
  `\nUpstream list calls a minute with tabs open on the default view, ${values.frozen ? 'frozen' : 'live'} demo API, ${seconds} s each`,
)
console.log(`load average before: ${loadBefore}; after: ${loadAverage()}\n`)
console.log('| tabs | build | list calls/min | by lane |')
console.log('| ---- | ----- | -------------- | ------- |')
for (const { viewers, name, total, byLane } of results) {
  const lanes = Object.entries(byLane)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([lane, perMinute]) => `${lane} ${perMinute.toFixed(1)}`)
    .join(', ')
  console.log(`| ${viewers} | ${name} | ${total.toFixed(1)} | ${lanes} |`)
}
