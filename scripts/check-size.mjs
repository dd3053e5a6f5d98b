import { eagerAssets } from './eagerAssets.mjs'

const BUDGET_BYTES = 120 * 1024
const assets = eagerAssets(process.argv[2] ?? 'dist')
const total = assets.reduce((sum, asset) => sum + asset.gzip, 0)
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`

for (const asset of assets)
  console.log(`  ${asset.file.padEnd(40)} ${kb(asset.bytes).padStart(10)} → ${kb(asset.gzip)} gzip`)
console.log(
  `Eager JS+CSS: ${kb(total)} gzip of a ${kb(BUDGET_BYTES)} budget (${((total / BUDGET_BYTES) * 100).toFixed(0)}%)`,
)
if (total > BUDGET_BYTES) {
  console.error(`Over budget by ${kb(total - BUDGET_BYTES)}.`)
  process.exit(1)
}
