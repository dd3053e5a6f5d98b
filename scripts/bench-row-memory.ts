// npm run bench:row-memory [-- --rows 1000000 --runs 3]: what the index keeps in memory per execution, and the time
// to take a page in. The demo API's seeded executions, as JSON pages of 1,000 as the relay hands them over, are read
// into a partition and its unfiltered family as a walk reads them (`readApiRow`, `upsert`, `addMember`); the heap
// and the memory outside it (the columns of kept rows) are measured after a full GC before and after
// (`node --expose-gc`). Medians of --runs.
import { parseArgs } from 'node:util'
import { toExecutionJson } from '../server/demo-api/model.ts'
import { generateSeedData } from '../server/demo-api/seed.ts'
import { createPartition } from '../server/index/partition.ts'
import { readApiRow } from '../server/index/rows.ts'

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
  const memory = () => {
    const { heapUsed, arrayBuffers } = process.memoryUsage()
    return heapUsed + arrayBuffers
  }
  const before = memory()
  const partition = createPartition('bench')
  const family = partition.family([])
  let reading = 0
  for (let start = 0; start < data.executions.length; start += PAGE) {
    const text = JSON.stringify(data.executions.slice(start, start + PAGE).map(toExecutionJson))
    const began = performance.now()
    for (const apiRow of JSON.parse(text) as Record<string, unknown>[]) {
      const row = readApiRow(apiRow, Date.now(), partition.intern)
      if (!row) continue
      partition.upsert(row)
      partition.addMember(family, row)
    }
    // The store takes what changed once a second; a page at a time here.
    partition.takeDirty()
    reading += performance.now() - began
  }
  gc?.()
  const bytes = memory() - before
  // Read after the measure, so nothing is collected before it.
  if (partition.rows.size !== family.members.size) throw new Error('lost rows')
  return {
    perRow: bytes / partition.rows.size,
    total: bytes,
    perPage: reading / (partition.rows.size / PAGE),
  }
}

const runs = Array.from({ length: Number(values.runs) }, once)
const median = (figures: number[]) => [...figures].sort((a, b) => a - b)[Math.floor(figures.length / 2)] ?? 0
console.log(`\n${count.toLocaleString('en')} executions, medians of ${runs.length} runs\n`)
console.log('memory per execution | in all | reading a page of 1,000 (parse, then rows)')
console.log('-------------------- | ------ | -------------------------------------------')
console.log(
  `${median(runs.map((run) => run.perRow)).toFixed(0)} B | ${(median(runs.map((run) => run.total)) / 2 ** 20).toFixed(0)} MB | ${median(runs.map((run) => run.perPage)).toFixed(2)} ms`,
)
// The seed stays alive through every run: it is the same in each.
if (data.executions.length !== count) throw new Error('the seed changed')
