import { build } from 'esbuild'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'

it('loads the settings and the store alone: the dev server opens its store once this bundle is in', async () => {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./viteStore.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    write: false,
    metafile: true,
    outdir: 'unused',
    logLevel: 'silent',
  })
  const [output] = Object.values(result.metafile.outputs)
  const inputs = Object.keys(output?.inputs ?? {})
  expect(inputs).toContain('server/store/embedded.ts')
  // The route table, the upstream client and the export came in through two defaults once: 40 ms of its load.
  expect(
    inputs.filter((file) =>
      /shared\/api\/|server\/upstream\/client|server\/routes\/export(Stream|Request)/.test(file),
    ),
  ).toEqual([])
  expect(output?.imports.filter((entry) => entry.external).map((entry) => entry.path)).not.toContain(
    'lru-cache',
  )
  expect(output?.bytes).toBeLessThan(60_000)
})
