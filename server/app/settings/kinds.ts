import { z } from 'zod'

/** The groups of docs/configuration.md and .env.example, in their order. */
export const SETTING_GROUPS = {
  api: {
    title: 'The Execution API',
    intro: 'Which API the dashboard shows, and how the server calls it.',
  },
  access: {
    title: 'Sign-in, proxies and people',
    intro:
      'Sessions when users sign in with their own token, the reverse proxy in front of the dashboard, ' +
      'and who the user is and may do.',
  },
  index: {
    title: 'The index, its store and live views',
    intro:
      "The server's index of executions (counts, windows, groups, watches, the audit trail), the database it " +
      'lives in, and the budget of calls it makes to the API on its own.',
  },
  features: {
    title: 'Export, audit trail, notices and links',
    intro: 'What the dashboard keeps, sends and links to.',
  },
  logs: {
    title: 'Logs and metrics',
    intro: 'On dev, preview and `npm start` alike, except where a setting says otherwise.',
  },
  start: {
    title: '`npm start` only',
    intro:
      'The production server (`node dist-server/production.js`). `npm run dev` and `npm run preview` take ' +
      "Vite's flags instead: `--port N --strictPort`, and they listen on 127.0.0.1.",
  },
  demo: {
    title: 'The demo API',
    intro:
      'The built-in demo Execution API that `npm run dev` and `npm run preview` start when `EXEC_API_URL` is ' +
      'unset (and `npm start` with `--demo`), and `npm run demo-api` alone.',
  },
} as const
export type SettingGroup = keyof typeof SETTING_GROUPS

export interface SettingDoc {
  /** The variable, for a setting declared under its field's name (the index's); else its key is its name. */
  name?: string
  group: SettingGroup
  /** What it does, in the docs' Markdown. */
  description: string
  /** The value it takes when unset or blank, written as in the environment. */
  default?: string
  /** The default in words, where it is no single value (shown instead of `default`). */
  defaultText?: string
  /** A value to show, commented out, in .env.example where there is no default. */
  example?: string
}

/** Each variable's schema carries its documentation here: docs/configuration.md and .env.example are made from it. */
export const settingDocs = z.registry<SettingDoc>()

/**
 * An environment variable: unset or blank takes the default; else `parse` reads the text or throws a message for
 * the operator, which names the variable or is prefixed with its name (`must be …` reads `NAME must be …`).
 */
export function variable<T>(doc: SettingDoc, parse: (text: string) => T, unset: T) {
  return z
    .string()
    .optional()
    .transform((value, ctx): T => {
      const text = value?.trim() || doc.default
      if (text === undefined) return unset
      try {
        return parse(text)
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) })
        return z.NEVER
      }
    })
    .register(settingDocs, doc)
}

/** Text its owner reads further (a URL, a list, a token): the default, or undefined when unset and without one. */
export function text(doc: SettingDoc & { default: string }): ReturnType<typeof variable<string>>
export function text(doc: SettingDoc): ReturnType<typeof variable<string | undefined>>
export function text(doc: SettingDoc) {
  return variable<string | undefined>(doc, (given) => given, undefined)
}

/** 1 or true turn it on, 0 or false off (any case); anything else stops start-up. */
export const flag = (doc: SettingDoc & { default: '0' | '1' }) =>
  variable(
    doc,
    (given) => {
      const value = given.toLowerCase()
      if (value === '1' || value === 'true') return true
      if (value === '0' || value === 'false') return false
      throw new Error(`must be 1 (on) or 0 (off), not “${given}”.`)
    },
    false,
  )

export interface NumberRule {
  min: number
  /** What it counts, if anything: `rows`, `milliseconds`. */
  unit?: string
  /** Any number, not only whole ones. */
  fraction?: boolean
  max?: number
}

/** A number from `min` (to `max`) up, in `unit`; the default is required, so the value is always a number. */
export const number = (doc: SettingDoc & { default: string }, rule: NumberRule) =>
  variable(doc, (given) => readNumber(given, rule), 0)

export function readNumber(given: string, rule: NumberRule): number {
  const value = Number(given)
  const ok =
    Number.isFinite(value) &&
    value >= rule.min &&
    (rule.max === undefined || value <= rule.max) &&
    (rule.fraction || Number.isInteger(value))
  if (ok) return value
  const kind = rule.fraction ? 'a number' : 'a whole number'
  const range = rule.max === undefined ? `from ${rule.min} up` : `from ${rule.min} to ${rule.max}`
  const of = rule.unit ? ` of ${rule.unit}` : ''
  throw new Error(`must be ${kind}${of} ${range}, not “${given}”.`)
}

/** One of a few words. */
export const oneOf = <const T extends string>(doc: SettingDoc, words: readonly T[]) =>
  variable<T | undefined>(
    doc,
    (given) => {
      const word = words.find((candidate) => candidate === given.toLowerCase())
      if (word === undefined) throw new Error(`must be one of ${words.join(', ')}, not “${given}”.`)
      return word
    },
    undefined,
  )

/** An http(s) URL; `problem` is the refusal (with the value only where it is no secret). */
export function httpUrl(given: string, problem: string): URL {
  try {
    const url = new URL(given)
    if (url.protocol === 'http:' || url.protocol === 'https:') return url
  } catch {
    // Refused below.
  }
  throw new Error(problem)
}

/** A refusal naming every bad value: `nameAt` turns an issue's path into its variable's name. */
export function refusal(error: z.ZodError, nameAt: (path: string) => string): Error {
  const problems = error.issues.map((issue) => {
    const name = nameAt(issue.path.join('.'))
    return issue.message.startsWith(name) ? issue.message : `${name} ${issue.message}`
  })
  return new Error(problems.join('\n'))
}

/** Some of the variables alone (the demo API's, for `npm run demo-api`), keyed by their names. */
export function readVariables<const S extends Record<string, z.ZodType<unknown, string | undefined>>>(
  env: Record<string, string | undefined>,
  variables: S,
): z.output<z.ZodObject<S>> {
  const read = z.object(variables).safeParse(env)
  if (read.success) return read.data
  throw refusal(read.error, (path) => path)
}
