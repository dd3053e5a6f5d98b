import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { settingsFromEnv } from './config.ts'

const root = path.resolve(import.meta.dirname, '../..')

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
}

describe('.env.example', () => {
  it('names every variable the server reads, as the README says, and none it does not', () => {
    const read = new Set<string>()
    // `env.NAME`, and a name passed as a string (`parseNumber('NAME', …)`, `ms('NAME', …)` reads `env[name]`).
    const reads = /\b(?:env|process\.env)\.([A-Z][A-Z0-9_]+)|'((?:EXEC|DASHBOARD|DEMO)_[A-Z0-9_]+)'/g
    for (const file of sourcesUnder(path.join(root, 'server')))
      for (const match of readFileSync(file, 'utf8').matchAll(reads)) read.add(match[1] ?? match[2] ?? '')
    const example = readFileSync(path.join(root, '.env.example'), 'utf8')
    const listed = new Set(
      [...example.matchAll(/^(?:# )?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1] ?? ''),
    )
    expect(read.size).toBeGreaterThan(30)
    expect([...read].filter((name) => !listed.has(name)).sort()).toEqual([])
    expect([...listed].filter((name) => !read.has(name)).sort()).toEqual([])
  })

  const example = readFileSync(path.join(root, '.env.example'), 'utf8')
  const values = new Map(
    [...example.matchAll(/^([A-Z][A-Z0-9_]+)=(.+)$/gm)].map(
      (match) => [match[1] ?? '', match[2] ?? ''] as const,
    ),
  )

  it('gives each default the server’s settings have (the variables settingsFromEnv reads)', () => {
    const settings = (env: NodeJS.ProcessEnv) => {
      const { sessionKeys: _random, ...rest } = settingsFromEnv(env, { production: false, signInMode: false })
      return rest
    }
    expect(values.size).toBeGreaterThan(20)
    for (const [name, value] of values)
      expect({ name, ...settings({ [name]: value }) }).toEqual({ name, ...settings({}) })
  })

  it('agrees with every default the README’s configuration table names', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8')
    const named = [...readme.matchAll(/^\| `([A-Z][A-Z0-9_]+)` +\|[^|\n]*?default (\d[\d,]*)/gm)]
    expect(named.length).toBeGreaterThan(8)
    for (const [, name, value] of named)
      expect({ name, value: values.get(name ?? '') }).toEqual({ name, value: value?.replace(/,/g, '') })
  })
})
