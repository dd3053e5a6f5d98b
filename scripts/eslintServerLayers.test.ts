import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint({
  cwd: process.cwd(),
  overrideConfig: [
    {
      ...tseslint.configs.disableTypeChecked,
      files: ['**/*.{ts,tsx}'],
      languageOptions: { parserOptions: { project: false, projectService: false } },
    },
  ],
})

async function reported(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const b = a\n`, { filePath })
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message)
}

describe('server/ in layers, as lint rules', () => {
  it.each([
    ['http/ importing routes/', 'server/http/X.ts', "import { a } from '../routes/api.ts'"],
    ['upstream/ importing the index', 'server/upstream/X.ts', "import { a } from '../index/rows.ts'"],
    ['store/ importing upstream/', 'server/store/X.ts', "import { a } from '../upstream/client.ts'"],
    ['the index importing routes/', 'server/index/X.ts', "import { a } from '../routes/overview.ts'"],
    ['the index importing the composition root', 'server/index/X.ts', "import { a } from '../app/config.ts'"],
    [
      'a route importing a test kit',
      'server/routes/X.ts',
      "import { a } from '../testing/dashboardTestKit.ts'",
    ],
    [
      'server/ importing the browser code',
      'server/routes/X.ts',
      "import { a } from '../../src/api/index.ts'",
    ],
  ])('reports %s', async (_name, filePath, code) => {
    expect(await reported(filePath, code)).toEqual(['no-restricted-imports'])
  })

  it('reports a dynamic import across a layer too', async () => {
    expect(await reported('server/store/X.ts', "const a = await import('../index/rows.ts')")).toEqual([
      'no-restricted-syntax',
    ])
  })

  it.each([
    [
      'routes/ importing the index and http/',
      'server/routes/X.ts',
      "import { a } from '../index/rows.ts'\nimport { c } from '../http/json.ts'\nvoid c",
    ],
    [
      'the index importing the store and upstream/',
      'server/index/X.ts',
      "import { a } from '../store/store.ts'\nimport { c } from '../upstream/client.ts'\nvoid c",
    ],
    ['any layer importing shared/', 'server/upstream/X.ts', "import { a } from '../../shared/csv.ts'"],
    [
      'the composition root importing every layer',
      'server/app/X.ts',
      "import { a } from '../routes/api.ts'\nimport { c } from '../store/open.ts'\nvoid c",
    ],
    ['a layer’s own files', 'server/index/X.ts', "import { a } from './rows.ts'"],
  ])('allows %s', async (_name, filePath, code) => {
    expect(await reported(filePath, code)).toEqual([])
  })
})
