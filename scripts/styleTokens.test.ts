import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The design system's scales (decision 24) hold everywhere: outside :root, a font size, gap, padding, margin or
 * radius in src/styles names a token, never a length of its own.
 */
const STYLES = join(import.meta.dirname, '..', 'src', 'styles')
const SCALED = /^(font-size|gap|row-gap|column-gap|padding(-[a-z-]+)?|margin(-[a-z-]+)?|border-radius)$/
const LENGTH = /(?<![\w.])\d*\.?\d+(rem|px|em)(?![\w-])/g
/** The content's limit, a size rather than a space, in the header's edge that lines it up with the content. */
const CONTENT_LIMIT = /2048px/g
/** Properties a component sets in its style attribute. */
const SET_BY_COMPONENTS = new Set(['--at', '--upstream-color'])

interface Declaration {
  file: string
  selector: string
  property: string
  value: string
}

function declarations(file: string, css: string): Declaration[] {
  const found: Declaration[] = []
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '')
  for (const rule of withoutComments.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const selector = (rule[1] ?? '').trim().replace(/\s+/g, ' ')
    for (const line of (rule[2] ?? '').split(';')) {
      const match = /^\s*([a-z0-9-]+)\s*:\s*(.+?)\s*$/.exec(line)
      if (match) found.push({ file, selector, property: match[1] ?? '', value: match[2] ?? '' })
    }
  }
  return found
}

const files = readdirSync(STYLES).filter((name) => name.endsWith('.css'))
const all = files.flatMap((file) => declarations(file, readFileSync(join(STYLES, file), 'utf8')))
const root = all.filter((d) => d.selector === ':root')
const defined = new Set(root.filter((d) => d.property.startsWith('--')).map((d) => d.property))

describe('the style tokens', () => {
  it('leaves no font size, space or radius outside the scales', () => {
    const strays = all
      .filter((d) => d.selector !== ':root' && SCALED.test(d.property))
      .filter((d) => d.value.replace(CONTENT_LIMIT, '').match(LENGTH) !== null)
      .map((d) => `${d.file} ${d.selector} { ${d.property}: ${d.value} }`)
    expect(strays).toEqual([])
  })

  it('uses only tokens that :root defines', () => {
    const used = new Set(
      all.flatMap((d) => [...d.value.matchAll(/var\((--[a-z0-9-]+)/g)].map((m) => m[1] ?? '')),
    )
    const local = new Set(all.filter((d) => d.property.startsWith('--')).map((d) => d.property))
    expect(
      [...used].filter((name) => !defined.has(name) && !local.has(name) && !SET_BY_COMPONENTS.has(name)),
    ).toEqual([])
  })

  it('keeps each scale small and in order', () => {
    const scale = (prefix: string) =>
      root
        .filter((d) => d.property.startsWith(prefix) && d.value.endsWith('rem'))
        .map((d) => parseFloat(d.value))
    for (const prefix of ['--text-', '--space-']) {
      const steps = scale(prefix)
      expect(steps.length).toBeLessThanOrEqual(8)
      expect(steps).toEqual([...steps].sort((a, b) => a - b))
    }
  })

  it('finds the declarations it checks', () => {
    expect(files.length).toBeGreaterThan(10)
    expect(all.filter((d) => d.property === 'font-size').length).toBeGreaterThan(20)
    expect(defined.has('--space-4') && defined.has('--text-sm')).toBe(true)
  })
})
