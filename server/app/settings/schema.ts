import { z } from 'zod'
import { accessSettings } from './access.ts'
import { apiSettings } from './api.ts'
import { demoSettings } from './demo.ts'
import { featureSettings } from './features.ts'
import { indexSettings, storeSettings } from './indexing.ts'
import { refusal, settingDocs, type SettingDoc } from './kinds.ts'
import { logSettings, startSettings } from './operations.ts'

/**
 * Every environment variable the dashboard's server reads, once: its name, default, description, group and the
 * rule its value must follow. The server reads its settings through `readSettings`; docs/configuration.md and
 * .env.example are made from the same declarations (`npm run docs:config`).
 */
const flat = {
  ...apiSettings,
  ...accessSettings,
  ...storeSettings,
  ...featureSettings,
  ...logSettings,
  ...startSettings,
  ...demoSettings,
}
/** Settings declared under a field's name, handed to their owner as one object. */
const nested = { index: indexSettings }

type Declared = z.ZodType<unknown, string | undefined>
export interface DeclaredVariable {
  name: string
  doc: SettingDoc
  schema: Declared
  /** Where it sits in the settings read: its name, or `index.refreshMs`. */
  path: string
}

function declared(schema: Declared, key: string, path: string): DeclaredVariable {
  const doc = settingDocs.get(schema)
  if (!doc) throw new Error(`${key} has no documentation`)
  return { name: doc.name ?? key, doc, schema, path }
}

/** Every variable, in the order of its declaration (the nested ones first). */
export const DECLARED_VARIABLES: DeclaredVariable[] = [
  ...Object.entries(nested).flatMap(([group, fields]) =>
    Object.entries(fields).map(([field, schema]) => declared(schema, field, `${group}.${field}`)),
  ),
  ...Object.entries(flat).map(([key, schema]) => declared(schema, key, key)),
]

const nameAt = new Map(DECLARED_VARIABLES.map((variable) => [variable.path, variable.name]))

/** The nested settings' variables, moved to where the schema reads them. */
function gather(env: unknown): unknown {
  if (typeof env !== 'object' || env === null) return env
  const given = env as Record<string, unknown>
  const moved = Object.entries(nested).map(([group, fields]) => [
    group,
    Object.fromEntries(
      Object.keys(fields).map((field) => [field, given[nameAt.get(`${group}.${field}`) ?? '']]),
    ),
  ])
  return { ...given, ...Object.fromEntries(moved) }
}

export const settingsSchema = z.preprocess(
  gather,
  z.object({
    ...flat,
    index: z.object(nested.index),
  }),
)

export type EnvSettings = z.output<typeof settingsSchema>

/** The settings from an environment; any bad value stops start-up, every one named with what is wrong. */
export function readSettings(env: Record<string, string | undefined>): EnvSettings {
  const read = settingsSchema.safeParse(env)
  if (read.success) return read.data
  throw refusal(read.error, (path) => nameAt.get(path) ?? path)
}
