import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, posix } from 'node:path'
import ts from 'typescript'

/*
 * The import graph of src/ and its cycles, without a lint plugin: static imports, re-exports and dynamic
 * import() all count. `import type` and `export type` do not: they are erased before anything runs.
 * (`import { type A }` does count: with verbatimModuleSyntax it stays as an import.)
 */

/** Relative specifiers a module imports at run time, in source order. */
export function runtimeImports(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && node.importClause?.phaseModifier !== ts.SyntaxKind.TypeKeyword) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text)
    } else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text)
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found.filter((specifier) => specifier.startsWith('.'))
}

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']

/** Every module's run-time imports, resolved to the modules of `files` (paths relative to one root). */
export function importGraph(files: ReadonlyMap<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const [file, text] of files) {
    const targets = runtimeImports(file, text).flatMap((specifier) => {
      const base = posix.normalize(posix.join(posix.dirname(file), specifier))
      const target = EXTENSIONS.map((extension) => base + extension).find((path) => files.has(path))
      return target === undefined ? [] : [target]
    })
    graph.set(file, [...new Set(targets)])
  }
  return graph
}

/** Each cycle once, as the modules along it (the first repeated at the end), found by depth-first search. */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = []
  const seen = new Set<string>()
  const done = new Set<string>()
  const path: string[] = []
  const visit = (file: string) => {
    seen.add(file)
    path.push(file)
    for (const next of graph.get(file) ?? []) {
      if (!seen.has(next)) visit(next)
      else if (!done.has(next)) cycles.push([...path.slice(path.indexOf(next)), next])
    }
    path.pop()
    done.add(file)
  }
  for (const file of [...graph.keys()].sort()) if (!seen.has(file)) visit(file)
  return cycles
}

/** The TypeScript sources under `dir` (tests included), keyed by their path from `dir`. */
export function readSources(dir: string): Map<string, string> {
  const files = new Map<string, string>()
  const walk = (relative: string) => {
    for (const name of readdirSync(join(dir, relative))) {
      const path = relative === '' ? name : `${relative}/${name}`
      if (statSync(join(dir, path)).isDirectory()) walk(path)
      else if (/\.tsx?$/.test(name)) files.set(path, readFileSync(join(dir, path), 'utf8'))
    }
  }
  walk('')
  return files
}
