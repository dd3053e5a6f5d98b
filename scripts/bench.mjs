// npm run bench: runs every bench:* script in package.json, one after the other, and lists how each went.
// bench:ab is left out: it compares with a base build that has to be named.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const scripts = Object.keys(JSON.parse(readFileSync('package.json', 'utf8')).scripts).filter(
  (name) => name.startsWith('bench:') && name !== 'bench:ab',
)
const summary = []
for (const name of scripts) {
  console.log(`\n=== npm run ${name}`)
  const started = Date.now()
  const { status } = spawnSync('npm', ['run', '--silent', name], { stdio: 'inherit' })
  summary.push({
    name,
    status: status === 0 ? 'ok' : `failed (${status})`,
    seconds: (Date.now() - started) / 1000,
  })
}
console.log('\nbenchmark      | result | time')
for (const { name, status, seconds } of summary)
  console.log(`${name.padEnd(14)} | ${status.padEnd(6)} | ${seconds.toFixed(0)} s`)
process.exitCode = summary.every((entry) => entry.status === 'ok') ? 0 : 1
