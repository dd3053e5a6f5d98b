import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const README = path.join(root, 'README.md')
const MAX_README_LINES = 200

function markdownFiles(): string[] {
  const docs = readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.join(root, 'docs', file))
  return [README, ...docs]
}

/** Markdown with its fenced and inline code taken out: a link there is an example, not a link. */
const withoutCode = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '')

/** Every link target: [text](target), ![alt](target "title"), <img src="target">, [label]: target. */
function linkTargets(markdown: string): string[] {
  const text = withoutCode(markdown)
  return [
    ...[...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1] ?? ''),
    ...[...text.matchAll(/<(?:img|a)\s[^>]*?(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? ''),
    ...[...text.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/gm)].map((match) => match[1] ?? ''),
  ]
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>()
  const anchors = new Set<string>()
  for (const [, heading = ''] of withoutFences(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = heading
      .replace(/`/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
      .replace(/ /g, '-')
    const count = seen.get(slug) ?? 0
    seen.set(slug, count + 1)
    anchors.add(count === 0 ? slug : `${slug}-${count}`)
  }
  return anchors
}
const withoutFences = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '')

/** What is wrong with a relative link from `file`, or null when it resolves (file, and heading if it names one). */
function problem(file: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null
  const [pathPart = '', anchor] = target.split('#')
  const resolved = pathPart === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(pathPart))
  if (!resolved.startsWith(root)) return 'points outside the repository'
  if (!existsSync(resolved)) return 'names no file'
  if (anchor === undefined || anchor === '' || statSync(resolved).isDirectory()) return null
  if (!resolved.endsWith('.md')) return null
  return anchorsOf(readFileSync(resolved, 'utf8')).has(anchor) ? null : `has no heading #${anchor}`
}

describe('the docs', () => {
  it(`keep README.md a front page of at most ${MAX_README_LINES} lines`, () => {
    const lines = readFileSync(README, 'utf8').split('\n').length - 1
    expect(lines).toBeLessThanOrEqual(MAX_README_LINES)
  })

  it('link only to files (and headings) that exist, in README.md and docs/', () => {
    const broken: string[] = []
    for (const file of markdownFiles())
      for (const target of linkTargets(readFileSync(file, 'utf8'))) {
        const why = problem(file, target)
        if (why) broken.push(`${path.relative(root, file)}: ${target} ${why}`)
      }
    expect(broken).toEqual([])
  })

  it('find a broken link and a missing heading (the check can fail)', () => {
    const file = path.join(root, 'docs', 'example.md')
    expect(problem(file, 'no-such-page.md')).toBe('names no file')
    expect(problem(file, '../README.md#no-such-heading')).toBe('has no heading #no-such-heading')
    expect(problem(file, '../README.md')).toBeNull()
    expect(problem(file, 'https://example.com/x.md')).toBeNull()
    expect(linkTargets('[a](b.md) `[c](d.md)` ![e](f.png "g") <img src="h.png">')).toEqual([
      'b.md',
      'f.png',
      'h.png',
    ])
    expect([...anchorsOf('# The `npm start` only\n## Who did what: the audit trail\n## A\n## A')]).toEqual([
      'the-npm-start-only',
      'who-did-what-the-audit-trail',
      'a',
      'a-1',
    ])
  })
})
