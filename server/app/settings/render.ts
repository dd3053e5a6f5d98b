import path from 'node:path'
import { format, resolveConfig } from 'prettier'
import { SETTING_GROUPS, type SettingDoc, type SettingGroup } from './kinds.ts'
import { DECLARED_VARIABLES, type DeclaredVariable } from './schema.ts'

/** The files made from the settings' declarations, by `npm run docs:config`; a test holds them equal. */
export const GENERATED_FILES = { envExample: '.env.example', reference: 'docs/configuration.md' } as const

const SOURCE = 'server/app/settings/'
const WIDTH = 118

function byGroup(): [SettingGroup, DeclaredVariable[]][] {
  return (Object.keys(SETTING_GROUPS) as SettingGroup[]).map((group) => [
    group,
    DECLARED_VARIABLES.filter((variable) => variable.doc.group === group),
  ])
}

/** Markdown as plain text: links become the file's path, code and emphasis plain text. */
const plain = (markdown: string) => unlinked(markdown).replace(/\*\*|`/g, '')
const unlinked = (markdown: string) =>
  markdown.replace(
    /\[([^\]]+)\]\(([^)#]+)(#[^)]*)?\)/g,
    (_all, label: string, file: string) => `${label} (docs/${file})`,
  )

/** Comment lines of at most WIDTH characters, never breaking inside a code span. */
function comment(markdown: string): string[] {
  const lines: string[] = []
  let line = '#'
  for (const word of unlinked(markdown).match(/(?:`[^`]*`|[^\s`])+/g) ?? []) {
    const shown = plain(word)
    if (line.length + 1 + shown.length > WIDTH && line !== '#') {
      lines.push(line)
      line = '#'
    }
    line += ` ${shown}`
  }
  return [...lines, line]
}

function envLine({ name, doc }: { name: string; doc: SettingDoc }): string {
  if (doc.default !== undefined) return `${name}=${doc.default}`
  if (doc.example !== undefined) return `# ${name}=${doc.example}`
  return `${name}=`
}

export function renderEnvExample(): string {
  const head = comment(
    "Every variable the dashboard's server reads, with its default; unset or blank takes the default. Copy to " +
      'your environment (not committed with values). Made by `npm run docs:config` from ' +
      `${SOURCE} (edit there, not here); docs/configuration.md says the same at more length.`,
  )
  const groups = byGroup().flatMap(([group, variables]) => [
    '',
    `# ---- ${plain(SETTING_GROUPS[group].title)} ----`,
    ...comment(SETTING_GROUPS[group].intro),
    ...variables.flatMap((variable) => [
      ...comment(defaultNote(variable.doc) + variable.doc.description),
      envLine(variable),
    ]),
  ])
  return [...head, ...groups, ''].join('\n')
}

/** .env.example shows a default as the value; one in words is said in the comment. */
const defaultNote = (doc: SettingDoc) => (doc.defaultText ? `Default: ${doc.defaultText}. ` : '')

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')

function defaultCell(doc: SettingDoc): string {
  if (doc.defaultText) return doc.defaultText
  if (doc.default !== undefined) return `\`${doc.default}\``
  return 'unset'
}

const INTRO = `# Configuration

<!-- Made by \`npm run docs:config\` from ${SOURCE} (edit there, not here); a test holds it equal. -->

The dashboard's server reads its settings from environment variables, the same for \`npm run dev\`,
\`npm run preview\` and \`npm start\` unless a variable says otherwise. Each is declared once, in
[\`${SOURCE}\`](../${SOURCE}schema.ts), with its default, what it means and the rule its value must follow; a value
that breaks the rule stops start-up with a message naming the variable (never repeating a secret), and every bad
value is named at once. A blank value counts as unset. [\`.env.example\`](../.env.example) lists every variable with
its default, made from the same declarations.

Against a real deployment:

\`\`\`bash
EXEC_API_URL=https://host/some/prefix/v2 EXEC_API_TOKEN=… npm run dev -- --port 8080 --strictPort
\`\`\`

\`--port N --strictPort\` are Vite's flags, for the port of \`npm run dev\` and \`npm run preview\`; \`npm start\` reads
\`PORT\` and \`HOST\`. \`npm run demo-api [-- --port 4010 --frozen --size 100000 --max-page 1000 --causes
--reschedule-answer 204 --state-spelling upper]\` runs the demo API alone and prints its URL and token.
`

export function renderReference(): string {
  const sections = byGroup().map(([group, variables]) => {
    const rows = variables.map(
      ({ name, doc }) => `| \`${name}\` | ${cell(defaultCell(doc))} | ${cell(doc.description)} |`,
    )
    return [
      `## ${SETTING_GROUPS[group].title}`,
      '',
      SETTING_GROUPS[group].intro,
      '',
      '| Variable | Default | Meaning |',
      '| --- | --- | --- |',
      ...rows,
    ].join('\n')
  })
  return [INTRO, ...sections].join('\n\n') + '\n'
}

/** Each generated file's path (from the repository's root) and text, formatted as Prettier keeps it. */
export async function generatedFiles(root: string): Promise<[string, string][]> {
  const reference = path.join(root, GENERATED_FILES.reference)
  const options = (await resolveConfig(reference)) ?? {}
  return [
    [GENERATED_FILES.envExample, renderEnvExample()],
    [GENERATED_FILES.reference, await format(renderReference(), { ...options, filepath: reference })],
  ]
}
