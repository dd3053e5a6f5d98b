import { describe, expect, it } from 'vitest'
import { findCycles, importGraph, readSources, runtimeImports } from './importCycles.ts'

const graphOf = (files: Record<string, string>) => importGraph(new Map(Object.entries(files)))

describe('import cycles', () => {
  it('src/ has none (static imports, re-exports and dynamic import() alike)', () => {
    expect(findCycles(importGraph(readSources('src')))).toEqual([])
  })

  it('finds a cycle closed by a dynamic import', () => {
    const graph = graphOf({
      'a/A.tsx': "import { b } from '../b'\nexport const a = b",
      'b/index.ts': "export { b } from './B'",
      'b/B.ts': "export const b = () => import('../a/A')",
    })
    expect(findCycles(graph)).toEqual([['a/A.tsx', 'b/index.ts', 'b/B.ts', 'a/A.tsx']])
  })

  it('finds a module that imports itself, and reports two cycles apart', () => {
    const graph = graphOf({
      'x.ts': "import './x'",
      'p.ts': "import { q } from './q'",
      'q.ts': "import { p } from './p'",
    })
    expect(findCycles(graph)).toEqual([
      ['p.ts', 'q.ts', 'p.ts'],
      ['x.ts', 'x.ts'],
    ])
  })

  it('leaves out type-only imports, packages, comments and strings', () => {
    expect(
      runtimeImports(
        'm.ts',
        [
          "import type { T } from './types'",
          "export type { U } from './moreTypes'",
          "import { type V } from './kept'",
          "import React from 'react'",
          "// import('./comment')",
          'const text = "import(\'./string\')"',
        ].join('\n'),
      ),
    ).toEqual(['./kept'])
  })

  it('sees no cycle in a chain', () => {
    const graph = graphOf({ 'a.ts': "import './b'", 'b.ts': "import './c'", 'c.ts': '' })
    expect(findCycles(graph)).toEqual([])
  })
})
