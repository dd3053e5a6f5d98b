import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'

// The fixtures are not files of a TypeScript project, so type-aware rules are switched off for them.
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

/** The rule ids ESLint reports for `code` as if it lived at `filePath`. */
async function reported(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message)
}

const restricted = ['no-restricted-imports']
const restrictedSyntax = ['no-restricted-syntax']

describe('the architecture, as lint rules', () => {
  it.each([
    [
      'a feature importing another feature',
      'src/features/attempts/X.ts',
      "import { a } from '../executions/ExecutionsPage'",
    ],
    [
      'a feature importing another feature’s index',
      'src/features/attempts/X.ts',
      "import { a } from '../executions'",
    ],
    ['a feature importing app/', 'src/features/attempts/X.ts', "import { a } from '../../app/Dashboard'"],
    [
      'a feature’s subfolder importing another feature',
      'src/features/executions/list/X.ts',
      "import { a } from '../../attempts/AttemptsPanel'",
    ],
    [
      'a feature’s subfolder importing another feature by its full path',
      'src/features/executions/grid/X.ts',
      "import { a } from '../../../features/views'",
    ],
    ['components/ importing a feature', 'src/components/X.ts', "import { a } from '../features/executions'"],
    ['components/ importing app/', 'src/components/X.ts', "import { a } from '../app/Dashboard'"],
    ['api/ importing a feature', 'src/api/X.ts', "import { a } from '../features/reschedule'"],
    ['lib/ importing app/', 'src/lib/X.ts', "import { a } from '../app/queryClient'"],
    ['lib/ importing api/ (a layer above it)', 'src/lib/X.ts', "import { a } from '../api/transport'"],
    ['lib/ importing components/', 'src/lib/X.ts', "import { a } from '../components/ErrorPanel'"],
    ['api/ importing components/', 'src/api/X.ts', "import { a } from '../components/describeApiError'"],
    ['shared/ importing lib/', 'shared/X.ts', "import { a } from '../src/lib/cursorTrail'"],
    ['shared/ importing a package other than zod/mini', 'shared/X.ts', "import { a } from 'react'"],
    ['shared/ importing zod’s full build', 'shared/X.ts', "import { a } from 'zod'"],
    [
      'a folder of shared/ importing src/',
      'shared/api/X.ts',
      "import { a } from '../../src/lib/cursorTrail'",
    ],
    ['a folder of shared/ importing a package', 'shared/api/X.ts', "import { a } from 'pg'"],
    ['src/ importing server/', 'src/app/X.ts', "import { a } from '../../server/proxy/apiProxy'"],
    ['server/ importing src/', 'server/proxy/X.ts', "import { a } from '../../src/api'"],
    [
      'the production server importing the demo API',
      'server/http/X.ts',
      "import { a } from '../demo-api/index.ts'",
    ],
  ])('reports %s', async (_name, filePath, code) => {
    expect(await reported(filePath, `${code}\nexport const b = a\n`)).toEqual(restricted)
  })

  it.each([
    ['a feature', 'src/features/attempts/X.ts', '../executions/ExecutionsPage'],
    ['components/', 'src/components/X.ts', '../features/views'],
    ['lib/', 'src/lib/X.ts', '../api/transport'],
    ['api/', 'src/api/X.ts', '../components/ErrorPanel'],
    ['shared/', 'shared/X.ts', '../src/lib/cursorTrail'],
    ['a folder of shared/', 'shared/api/X.ts', '../../server/routes/api'],
    ['app/', 'src/app/X.ts', '../../server/proxy/apiProxy'],
  ])(
    'reports a dynamic import() out of %s that a static one may not make',
    async (_zone, filePath, target) => {
      const code = `export const load = () => import('${target}')\n`
      expect(await reported(filePath, code)).toEqual(restrictedSyntax)
    },
  )

  it('allows a feature to load its own files lazily', async () => {
    const code = "export const load = () => import('./AttemptsPanel')\n"
    expect(await reported('src/features/attempts/X.ts', code)).toEqual([])
  })

  it.each([
    [
      'a feature importing api/, components/ and lib/',
      'src/features/attempts/X.ts',
      "import { a } from '../../api'\nimport { c } from '../../components/ErrorPanel'\nimport { d } from '../../lib/useNow'\nexport const b = [a, c, d]",
    ],
    [
      'a feature importing its own files',
      'src/features/attempts/X.ts',
      "import { a } from './AttemptsTable'\nexport const b = a",
    ],
    [
      'a feature’s subfolder importing its sibling folders and the layers',
      'src/features/executions/list/X.ts',
      "import { a } from '../grid/ExecutionsTable'\nimport { c } from '../../../api'\nexport const b = [a, c]",
    ],
    [
      'components/ importing api/ and lib/, api/ importing lib/ and shared/',
      'src/components/X.ts',
      "import { a } from '../api'\nimport { c } from '../lib/useNow'\nexport const b = [a, c]",
    ],
    [
      'shared/ importing its own files and zod/mini',
      'shared/X.ts',
      "import { a } from './filters'\nimport * as z from 'zod/mini'\nexport const b = [a, z]",
    ],
    [
      'a folder of shared/ importing its own files, shared/ and zod/mini',
      'shared/api/X.ts',
      "import { a } from './routes'\nimport { c } from '../filters'\nimport * as z from 'zod/mini'\nexport const b = [a, c, z]",
    ],
    [
      'app/ importing a feature',
      'src/app/X.ts',
      "import { a } from '../features/executions'\nexport const b = a",
    ],
    [
      'resolveUpstream importing the demo API',
      'server/resolveUpstream.ts',
      "import { a } from './demo-api/index.ts'\nexport const b = a",
    ],
    [
      'a server test importing the demo API',
      'server/proxy/x.test.ts',
      "import { a } from '../demo-api/index.ts'\nexport const b = a",
    ],
  ])('allows %s', async (_name, filePath, code) => {
    expect(await reported(filePath, code)).toEqual([])
  })
})
