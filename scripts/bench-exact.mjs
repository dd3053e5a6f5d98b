// npm run bench:exact [-- --size 20000 --max-page 1000 --minutes 8 --every 2 --rate 1 --burst 10]: how often the
// overview is exact on a live API (issue 49 §4). A demo API with its simulation running (executions start and finish
// every 2 s) behind the production server at a budget of --rate calls a second in bursts of --burst (unset: the
// server's defaults, 1 and 10); the unfiltered overview asked every --every seconds for --minutes after its first
// exact answer. Prints the time to that first exact answer, the share of answers of each kind, and why the others
// were not exact. `npm run build` first.
import { setTimeout as wait } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import { loadAverage, requireBuild, startDemo, startProduction } from './benchSupport.mjs'

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '20000' },
    'max-page': { type: 'string', default: '1000' },
    minutes: { type: 'string', default: '8' },
    every: { type: 'string', default: '2' },
    rate: { type: 'string' },
    burst: { type: 'string' },
  },
})
requireBuild()
const loadBefore = loadAverage()
const token = 'bench-token'
const api = await startDemo(token, ['--size', values.size, '--max-page', values['max-page']], {
  frozen: false,
})
const budget = {
  ...(values.rate ? { DASHBOARD_UPSTREAM_RATE: values.rate } : {}),
  ...(values.burst ? { DASHBOARD_UPSTREAM_BURST: values.burst } : {}),
}
const server = await startProduction(api.url, token, budget)
const overview = async () => (await fetch(`${server.origin}/api/overview`)).json()

const started = performance.now()
let firstExact = null
while (firstExact === null) {
  if ((await overview()).coverage?.kind === 'exact') firstExact = performance.now() - started
  else await wait(500)
}
const kinds = new Map()
const reasons = new Map()
const watchUntil = performance.now() + Number(values.minutes) * 60_000
while (performance.now() < watchUntil) {
  const { coverage } = await overview()
  const kind = coverage?.kind ?? 'none'
  kinds.set(kind, (kinds.get(kind) ?? 0) + 1)
  // The same reason with other numbers in it is one reason.
  if (kind !== 'exact') {
    const reason = (coverage?.reason ?? '(none given)').replace(/\d+/g, 'N')
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1)
  }
  await wait(Number(values.every) * 1000)
}
server.child.kill()
api.child.kill()

const answers = [...kinds.values()].reduce((sum, count) => sum + count, 0)
const share = (count) => `${((100 * count) / answers).toFixed(1)} %`
console.log(
  `\nA live demo of ${values.size} executions (pages of ${values['max-page']}), a budget of ${values.rate ?? 'the default'} calls a second (burst ${values.burst ?? 'default'}); the unfiltered overview every ${values.every} s for ${values.minutes} min\n`,
)
console.log(`first exact answer: ${(firstExact / 1000).toFixed(1)} s after the server was ready`)
console.log(`answers: ${answers}; ${[...kinds].map(([kind, count]) => `${kind} ${share(count)}`).join(', ')}`)
for (const [reason, count] of [...reasons].sort((a, b) => b[1] - a[1]))
  console.log(`  not exact, ${share(count)}: ${reason}`)
console.log(`Load average (1, 5, 15 min) before: ${loadBefore}; after: ${loadAverage()}`)
process.exit(0)
