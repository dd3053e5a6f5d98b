import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
}

describe('.env.example', () => {
  it('names every variable the server reads, as the README says', () => {
    const read = new Set<string>()
    for (const file of sourcesUnder(path.join(root, 'server')))
      for (const match of readFileSync(file, 'utf8').matchAll(/\b(?:env|process\.env)\.([A-Z][A-Z0-9_]+)/g))
        read.add(match[1] ?? '')
    const example = readFileSync(path.join(root, '.env.example'), 'utf8')
    const listed = new Set([...example.matchAll(/^(?:# )?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]))
    expect(read.size).toBeGreaterThan(30)
    expect([...read].filter((name) => !listed.has(name)).sort()).toEqual([])
  })
})
