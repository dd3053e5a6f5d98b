import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

/** Where a lazy boundary is declared: React's lazy(), or the app's lazyPart()/lazyModule() (src/lib/lazyPart.tsx). */
const DECLARATION = /\b(?:lazy|lazyPart|lazyModule)\(/g

/**
 * The app's lazy boundaries (issue 49 §1): each declaration of a component or module that loads on its own, and
 * the distinct modules the browser code imports dynamically. Tests and the helpers' own file are not counted.
 */
export async function lazyBoundaries(srcDir = 'src') {
  const declared = []
  const imported = new Set()
  for (const entry of await readdir(srcDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue
    const file = join(entry.parentPath, entry.name)
    if (file.endsWith(join('lib', 'lazyPart.tsx'))) continue
    const text = await readFile(file, 'utf8')
    for (const match of text.matchAll(DECLARATION)) {
      const line = text.slice(0, match.index).split('\n').length
      declared.push(`${file}:${line}`)
    }
    for (const match of text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g))
      imported.add(join(entry.parentPath, match[1]))
  }
  return { declared, modules: [...imported].sort() }
}
