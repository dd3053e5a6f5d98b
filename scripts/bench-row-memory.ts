// npm run bench:row-memory [-- --rows 1000000 --runs 3]: what the index keeps in memory per execution, and the time
// to take a page in. The demo API's seeded executions, as JSON pages of 1,000 as the relay hands them over, are read
// into the index's rows and one family's members (`readApiRow`, the partition's interner); the heap is measured
// after a full GC before and after (`node --expose-gc`). Medians of --runs.
import { parseArgs } from 'node:util'
import { toExecutionJson } from '../server/demo-api/model.ts'
import { generateSeedData } from '../server/demo-api/seed.ts'
import { createInterner, readApiRow, type IndexedExecution } from '../server/index/rows.ts'

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '1000000' }, runs: { type: 'string', default: '3' } },
})
const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('Run it with node --expose-gc (npm run bench:row-memory does).')
const count = Number(values.rows)
const PAGE = 1000
const data = generateSeedData({ seed: 1, count, now: Date.now() })

function once() {
  gc?.()
  const before = process.memoryUsage().heapUsed
  const intern = createInterner()
  const rows = new Map<string, IndexedExecution>()
  const members = new Map<string, IndexedExecution>()
  let reading = 0
  for (let start = 0; start < data.executions.length; start += PAGE) {
    const text = JSON.stringify(data.executions.slice(start, start + PAGE).map(toExecutionJson))
    const began = performance.now()
    for (const apiRow of JSON.parse(text) as Record<string, unknown>[]) {
      const row = readApiRow(apiRow, Date.now(), intern)
      if (!row) continue
      rows.set(row.id, row)
      members.set(row.id, row)
    }
    reading += performance.now() - began
  }
  gc?.()
  const bytes = process.memoryUsage().heapUsed - before
  // Read after the measure, so neither map is collected before it.
  if (rows.size !== members.size) throw new Error('lost rows')
  return { perRow: bytes / rows.size, total: bytes, perPage: reading / (rows.size / PAGE) }
}

const runs = Array.from({ length: Number(values.runs) }, once)
const median = (figures: number[]) => [...figures].sort((a, b) => a - b)[Math.floor(figures.length / 2)] ?? 0
console.log(`\n${count.toLocaleString('en')} executions, medians of ${runs.length} runs\n`)
console.log('heap per execution | heap in all | reading a page of 1,000 (parse, then rows)')
console.log('------------------ | ----------- | -------------------------------------------')
console.log(
  `${median(runs.map((run) => run.perRow)).toFixed(0)} B | ${(median(runs.map((run) => run.total)) / 2 ** 20).toFixed(0)} MB | ${median(runs.map((run) => run.perPage)).toFixed(2)} ms`,
)
// The seed stays alive through every run: it is the same in each.
if (data.executions.length !== count) throw new Error('the seed changed')
