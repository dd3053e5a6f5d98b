import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { build } from 'vite'

const outDir = mkdtempSync(path.join(tmpdir(), 'dashboard-build-'))

afterAll(() => rmSync(outDir, { recursive: true, force: true }))

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    return statSync(full).isDirectory() ? filesUnder(full) : [full]
  })
}

it('a build made with EXEC_API_TOKEN and EXEC_API_URL set contains neither', async () => {
  const canary = `canary-token-${Date.now()}`
  const previous = { token: process.env.EXEC_API_TOKEN, url: process.env.EXEC_API_URL }
  process.env.EXEC_API_TOKEN = canary
  process.env.EXEC_API_URL = 'http://canary-host.invalid/v2'
  try {
    await build({ logLevel: 'silent', build: { outDir, emptyOutDir: true } })
  } finally {
    process.env.EXEC_API_TOKEN = previous.token
    process.env.EXEC_API_URL = previous.url
    if (previous.token === undefined) delete process.env.EXEC_API_TOKEN
    if (previous.url === undefined) delete process.env.EXEC_API_URL
  }
  const files = filesUnder(outDir)
  expect(files.some((file) => file.endsWith('.js'))).toBe(true)
  for (const file of files) {
    const text = readFileSync(file, 'utf8')
    expect(text).not.toContain(canary)
    expect(text).not.toContain('canary-host')
  }
}, 60_000)
