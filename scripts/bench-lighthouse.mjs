// npm run bench:lighthouse [-- --runs 3] [-- --base <dir>]: Lighthouse's mobile performance audit (simulated slow
// 4G, 4x CPU) of the production build in front of a frozen demo API, median of --runs runs. With --base (a directory
// holding another checkout's dist/ and dist-server/, as for bench:ab), each run audits the base and this build one
// after the other, in alternating order, and the medians and their ratios are printed side by side. The machine's
// load average is printed before and after: Lighthouse's simulation starts from one real load, so a busy machine
// moves its figures. Lighthouse is not a dependency (its newest release needs Node 22): npx fetches lighthouse@12,
// which runs on Node 20. `npm run build` first.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import {
  baseBuild,
  chromiumPath,
  loadAverage,
  median,
  requireBuild,
  startDemo,
  startProduction,
} from './benchSupport.mjs'

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, base: { type: 'string' } },
})
requireBuild()
const base = baseBuild(values.base)
const chromePath = chromiumPath()
const loadBefore = loadAverage()

const token = 'bench-token'
const api = await startDemo(token)
const servers = { this: await startProduction(api.url, token) }
if (base) servers.base = await startProduction(api.url, token, {}, base)
const reports = Object.fromEntries(Object.keys(servers).map((name) => [name, []]))

function audit(origin) {
  const output = join(tmpdir(), `lighthouse-${process.pid}.json`)
  const result = spawnSync(
    'npx',
    [
      '-y',
      'lighthouse@12',
      `${origin}/`,
      '--quiet',
      '--only-categories=performance',
      '--output=json',
      `--output-path=${output}`,
      // No sandbox: CI containers run as root, where Chromium refuses to start with one.
      '--chrome-flags=--headless=new --no-sandbox',
    ],
    { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ['ignore', 'ignore', 'pipe'] },
  )
  if (result.status !== 0 || !existsSync(output))
    throw new Error(
      `lighthouse did not run (is the npm registry reachable?): ${String(result.stderr).slice(-600)}`,
    )
  const report = JSON.parse(readFileSync(output, 'utf8'))
  rmSync(output)
  return report
}

for (let run = 0; run < Number(values.runs); run += 1) {
  const names = Object.keys(servers)
  for (const name of run % 2 === 0 ? names : names.reverse()) reports[name].push(audit(servers[name].origin))
}
for (const server of Object.values(servers)) server.child.kill()
api.child.kill()

const FIGURES = [
  ['performance score', (r) => r.categories.performance.score * 100, (v) => v.toFixed(0)],
  ['cumulative layout shift', (r) => r.audits['cumulative-layout-shift'].numericValue, (v) => v.toFixed(3)],
  [
    'first contentful paint',
    (r) => r.audits['first-contentful-paint'].numericValue,
    (v) => `${(v / 1000).toFixed(1)} s`,
  ],
  [
    'largest contentful paint',
    (r) => r.audits['largest-contentful-paint'].numericValue,
    (v) => `${(v / 1000).toFixed(1)} s`,
  ],
  ['total blocking time', (r) => r.audits['total-blocking-time'].numericValue, (v) => `${v.toFixed(0)} ms`],
]
const version = reports.this[0].lighthouseVersion
console.log(`\nLighthouse ${version}, mobile (simulated slow 4G, 4x CPU), median of ${values.runs} runs`)
console.log(`load average (1, 5, 15 min) before: ${loadBefore}; after: ${loadAverage()}\n`)
console.log(
  `${'figure'.padEnd(26)}${base ? 'base'.padStart(10) : ''}${'this'.padStart(10)}${base ? 'ratio'.padStart(8) : ''}`,
)
for (const [label, read, format] of FIGURES) {
  const now = median(reports.this.map(read))
  const before = base ? median(reports.base.map(read)) : null
  const ratio = before ? (now / before).toFixed(2) : '–'
  console.log(
    `${label.padEnd(26)}${before === null ? '' : format(before).padStart(10)}${format(now).padStart(10)}${base ? ratio.padStart(8) : ''}`,
  )
}
