// npm run bench:triage [-- --size 60000 --runs 7]: the failure groups board of the production server in front of the
// demo API (page size 1,000, the three failure causes seeded), from a warm index: the median time of a board by the
// best key, by a chosen key and by bursts, over every failure of the demo, computed and then reused (the next asker
// of the same view), and the upstream list calls the boards cost (the index's own refresh is held off, so any call
// is the boards'). Then attempt shapes: how long until a 200-failure sample is read (by shape, and the largest
// group's by key) within the budget of 50 calls a second, and what a second look costs. `npm run build` first.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { median, requireBuild, startDemo, startProduction } from './benchSupport.mjs'

const { values } = parseArgs({
  options: { size: { type: 'string', default: '60000' }, runs: { type: 'string', default: '7' } },
})
requireBuild()
const token = 'bench-token'
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Board {
  failed: number
  groups: { shapes: { pending: number; read: number } | null }[]
  groupBy: { kind: string; sample?: { pending: number; read: number } } | null
  coverage: { kind: string }
}

const demo = await startDemo(token, ['--size', values.size, '--max-page', '1000', '--causes'])
const demoOrigin = demo.url.replace(/\/v2$/, '')
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-triage-'))
const server = await startProduction(demo.url, token, {
  DASHBOARD_DATA_DIR: dataDir,
  DASHBOARD_UPSTREAM_RATE: '50',
  DASHBOARD_UPSTREAM_BURST: '20',
  DASHBOARD_INDEX_REFRESH_MS: '3600000',
})
const board = async (query: string) =>
  (await (await fetch(`${server.origin}/api/triage?${query}`)).json()) as Board
const requests = async () =>
  (
    (await (
      await fetch(`${demoOrigin}/__demo/stats`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { requests: { list_executions: number; list_attempts: number } }
  ).requests
const listCalls = async () => (await requests()).list_executions

const pendingOf = (answer: Board) =>
  answer.groupBy?.sample?.pending ??
  answer.groups.reduce((sum, group) => sum + (group.shapes?.pending ?? 0), 0)
const seconds = (ms: number | null) => (ms === null ? '?' : `${(ms / 1000).toFixed(1)} s`)

/**
 * Asks for the board until every sample is read (as an open board does), then once more: when the first group's
 * sample and all of them were read, and the attempts calls of each look.
 */
async function sampleTimes(query: string) {
  const before = (await requests()).list_attempts
  const started = performance.now()
  let first: number | null = null
  let answer = await board(query)
  for (;;) {
    const firstPending = answer.groupBy?.sample?.pending ?? answer.groups[0]?.shapes?.pending ?? 0
    if (first === null && firstPending === 0) first = performance.now() - started
    if (pendingOf(answer) === 0) break
    await wait(100)
    answer = await board(query)
  }
  const took = performance.now() - started
  const calls = (await requests()).list_attempts - before
  await board(`${query}&again=1`)
  const again = (await requests()).list_attempts - before - calls
  return `| ${query} | ${seconds(first)} | ${seconds(took)} | ${calls} | ${again} |`
}

try {
  while ((await board('summary=1')).coverage.kind !== 'exact') await wait(200)
  const shapes = [await sampleTimes('group=shape'), await sampleTimes('group=key:team')]
  await board('')
  const rows: string[] = []
  for (const query of ['', 'group=key:region', 'group=burst', 'summary=1']) {
    const before = await listCalls()
    const times: number[] = []
    let answer: Board | null = null
    const reused: number[] = []
    for (let run = 0; run < Number(values.runs); run += 1) {
      // A query of its own each run: the server reuses a view's board for every asker until something changes.
      const started = performance.now()
      answer = await board(`${query}&run=${run}`)
      times.push(performance.now() - started)
      const again = performance.now()
      await board(`${query}&run=${run}`)
      reused.push(performance.now() - again)
    }
    const calls = (await listCalls()) - before
    rows.push(
      `| ${query || '(best key)'} | ${answer?.failed ?? '?'} | ${answer?.groups.length ?? '?'} | ${median(times).toFixed(0)} ms | ${median(reused).toFixed(1)} ms | ${calls} |`,
    )
  }
  console.log(`Failure groups, ${values.size} executions, warm index, median of ${values.runs}:\n`)
  console.log('| board | failed | groups | computed (median) | reused (median) | upstream calls |')
  console.log('| --- | --- | --- | --- | --- | --- |')
  for (const row of rows) console.log(row)
  console.log('\nAttempt shapes, a sample of 200, budget 50 calls a second:\n')
  console.log('| board | first sample read in | all read in | attempts calls | calls of a second look |')
  console.log('| --- | --- | --- | --- | --- |')
  for (const row of shapes) console.log(row)
} finally {
  server.child.kill()
  demo.child.kill()
  rmSync(dataDir, { recursive: true, force: true })
}
