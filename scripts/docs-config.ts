// npm run docs:config: writes .env.example and docs/configuration.md from the settings' declarations
// (server/app/settings/); server/app/settings/settings.test.ts fails while they differ.
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { generatedFiles } from '../server/app/settings/render.ts'

const root = path.resolve(import.meta.dirname, '..')
for (const [file, text] of await generatedFiles(root)) {
  await writeFile(path.join(root, file), text)
  console.log(`wrote ${file}`)
}
