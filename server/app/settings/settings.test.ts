import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { resolveOptions } from '../../demo-api/options.ts'
import { settingsFromEnv } from '../config.ts'
import { demoSettings } from './demo.ts'
import { readVariables } from './kinds.ts'
import { generatedFiles } from './render.ts'
import { DECLARED_VARIABLES, readSettings } from './schema.ts'

const root = path.resolve(import.meta.dirname, '../../..')
const names = DECLARED_VARIABLES.map((variable) => variable.name)

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
}

describe('the generated files', () => {
  it.each([0, 1])(
    'are what the declarations make (else run `npm run docs:config`): file %i',
    async (which) => {
      const [file, made] = (await generatedFiles(root))[which] ?? ['', '']
      expect({ file, text: readFileSync(path.join(root, file), 'utf8') }).toEqual({ file, text: made })
    },
  )

  it('list every variable once, with its default', async () => {
    const [[, example = ''] = [], [, reference = ''] = []] = await generatedFiles(root)
    const lines = example.split('\n')
    for (const { name, doc } of DECLARED_VARIABLES) {
      const line =
        doc.default !== undefined
          ? `${name}=${doc.default}`
          : doc.example
            ? `# ${name}=${doc.example}`
            : `${name}=`
      expect({ name, lines: lines.filter((each) => each === line).length }).toEqual({ name, lines: 1 })
      expect(reference.match(new RegExp(`^\\| \`${name}\` +\\|`, 'gm'))).toHaveLength(1)
    }
  })
})

describe('the declarations', () => {
  it('name each variable once, and each default is what an unset variable reads as', () => {
    expect(new Set(names).size).toBe(names.length)
    expect(names.length).toBeGreaterThan(45)
    const unset = readSettings({})
    for (const { name, doc } of DECLARED_VARIABLES)
      if (doc.default !== undefined)
        expect({ name, ...readSettings({ [name]: doc.default }) }).toEqual({ name, ...unset })
  })

  it('are every variable the server reads, and the server reads every one', () => {
    const read = new Set<string>()
    // `env.NAME`, `values.NAME` (what readSettings read), and a name as a string or a key.
    const reads =
      /\b(?:env|values)\.([A-Z][A-Z0-9_]+)|'((?:EXEC|DASHBOARD|DEMO)_[A-Z0-9_]+)'|\b([A-Z][A-Z0-9_]+)\??:/g
    const outside = sourcesUnder(path.join(root, 'server')).filter((file) => !file.includes('/app/settings/'))
    for (const file of outside)
      for (const match of readFileSync(file, 'utf8').matchAll(reads))
        read.add(match[1] ?? match[2] ?? match[3] ?? '')
    const envLike = [...read].filter((name) =>
      /^(EXEC|DASHBOARD|DEMO|DATABASE|LOG|NODE|PORT|HOST)/.test(name),
    )
    expect(envLike.filter((name) => !names.includes(name)).sort()).toEqual([])
    const nested = DECLARED_VARIABLES.filter((variable) => variable.path.includes('.')).map((v) => v.name)
    expect(names.filter((name) => !read.has(name) && !nested.includes(name)).sort()).toEqual([])
  })

  it('are every variable the README and docs/ name', () => {
    const pages = ['README.md', ...readdirSync(path.join(root, 'docs')).map((file) => `docs/${file}`)]
    const named = pages
      .filter((page) => page.endsWith('.md'))
      .flatMap((page) => [
        ...readFileSync(path.join(root, page), 'utf8').matchAll(
          /\b((?:EXEC_API|DASHBOARD|DEMO_API)_[A-Z0-9_]*[A-Z0-9])\b/g,
        ),
      ])
      .map((match) => match[1] ?? '')
    expect(named.length).toBeGreaterThan(50)
    expect([...new Set(named)].filter((name) => !names.includes(name)).sort()).toEqual([])
  })

  it('are the only way the server reads its environment: process.env is only ever passed whole', () => {
    for (const file of sourcesUnder(path.join(root, 'server')))
      expect({ file, reads: readFileSync(file, 'utf8').match(/process\.env(\.|\[)\w*/g) }).toEqual({
        file,
        reads: null,
      })
  })

  it('give the demo the defaults it has of its own', () => {
    const demo = readVariables({}, demoSettings)
    const own = resolveOptions({})
    expect(Number(demo.DEMO_API_SIZE)).toBe(own.executionCount)
    expect(Number(demo.DEMO_API_MAX_PAGE)).toBe(own.maxPageSize)
    expect(demo.DEMO_API_TOKEN).toBe(own.token)
    expect([demo.DEMO_API_RESCHEDULE_ANSWER, demo.DEMO_API_STATE_SPELLING]).toEqual([
      own.readings.rescheduleAnswer,
      own.readings.stateSpelling,
    ])
  })
})

describe('reading the environment', () => {
  it('takes a blank value as unset and reads the index under its own fields', () => {
    const values = readSettings({ DASHBOARD_INDEX_REFRESH_MS: ' ', DASHBOARD_LIVE_MIN_MS: '250', PORT: '0' })
    expect(values.index).toMatchObject({ enabled: true, refreshMs: 5_000, liveMinMs: 250 })
    expect(values.PORT).toBe(0)
  })

  it('names every bad value at once, each with its variable and the rule', () => {
    const refusal = () =>
      readSettings({
        DASHBOARD_INDEX_REFRESH_MS: '100',
        DASHBOARD_UPSTREAM_RATE: 'fast',
        PORT: '70000',
        DASHBOARD_METRICS: 'yes please',
        LOG_LEVEL: 'loud',
        DASHBOARD_SESSION_TTL: 'soon',
      })
    expect(refusal).toThrow(
      'DASHBOARD_INDEX_REFRESH_MS must be a whole number of milliseconds from 500 up, not “100”.',
    )
    expect(refusal).toThrow(
      'DASHBOARD_UPSTREAM_RATE must be a number of calls a second from 0.01 up, not “fast”.',
    )
    expect(refusal).toThrow('PORT must be a whole number from 0 to 65535, not “70000”.')
    expect(refusal).toThrow('DASHBOARD_METRICS must be 1 (on) or 0 (off), not “yes please”.')
    expect(refusal).toThrow(
      'LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent, not “loud”.',
    )
    expect(refusal).toThrow('DASHBOARD_SESSION_TTL must be at least 60 s, e.g. 28800 or 8h, not "soon"')
  })

  it('reads flags as 1 or true, 0 or false, in any case', () => {
    const on = (value: string) => readSettings({ DASHBOARD_TRUST_PROXY: value }).DASHBOARD_TRUST_PROXY
    expect(['1', 'true', 'TRUE'].map(on)).toEqual([true, true, true])
    expect(['0', 'false', ''].map(on)).toEqual([false, false, false])
    expect(
      settingsFromEnv({ DASHBOARD_INDEX: 'false' }, { production: false, signInMode: false }).index.enabled,
    ).toBe(false)
  })
})
