// npm run bench:lighthouse [-- --runs 3]: Lighthouse's mobile performance audit (simulated slow 4G, 4x CPU) of the
// production build in front of a frozen demo API, median of --runs runs. Lighthouse is not a dependency (its newest
// release needs Node 22): npx fetches lighthouse@12, which runs on Node 20. `npm run build` first.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { chromiumPath, median, requireBuild, startDemo, startProduction } from './benchSupport.mjs'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } })
requireBuild()
const chromePath = chromiumPath()

const token = 'bench-token'
const api = await startDemo(token)
const server = await startProduction(api.url, token)
const reports = []
for (let run = 0; run < Number(values.runs); run += 1) {
  const output = join(tmpdir(), `lighthouse-${process.pid}-${run}.json`)
  const result = spawnSync(
    'npx',
    [
      '-y',
      'lighthouse@12',
      `${server.origin}/`,
      '--quiet',
      '--only-categories=performance',
      '--output=json',
      `--output-path=${output}`,
      // No sandbox: CI containers run as root, where Chromium refuses to start with one.
      '--chrome-flags=--headless=new --no-sandbox',
    ],
    { env: { ...process.env, CHROME_PATH: chromePath }, stdio: 'ignore' },
  )
  if (result.status !== 0 || !existsSync(output))
    throw new Error('lighthouse did not run (is the npm registry reachable?)')
  reports.push(JSON.parse(readFileSync(output, 'utf8')))
  rmSync(output)
}
server.child.kill()
api.child.kill()

const figure = (audit) => median(reports.map((r) => r.audits[audit].numericValue))
console.log(`\nLighthouse ${reports[0].lighthouseVersion}, mobile, median of ${reports.length} runs\n`)
console.log(`performance score       ${median(reports.map((r) => r.categories.performance.score * 100))}`)
console.log(`cumulative layout shift ${figure('cumulative-layout-shift').toFixed(3)}`)
console.log(`first contentful paint  ${(figure('first-contentful-paint') / 1000).toFixed(1)} s`)
console.log(`largest contentful paint ${(figure('largest-contentful-paint') / 1000).toFixed(1)} s`)
console.log(`total blocking time     ${figure('total-blocking-time').toFixed(0)} ms`)
