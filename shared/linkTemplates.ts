/*
 * Log and trace links from URL templates (DASHBOARD_LINKS): read and checked by the server at start-up, built
 * by the browser (the attempts panel) and the server (the export's link columns) the same way. A template
 * names its values in braces; each value is URL-encoded and times are UTC, whatever the display zone.
 */
import { normaliseTimestamp, timestampInstant } from './timestamps.ts'

export interface LinkTemplate {
  label: string
  url: string
}

export interface LinkSettings {
  links: LinkTemplate[]
  /** Added before the start and after the end of {from}/{to}. */
  marginMs: number
}

export const NO_LINKS: LinkSettings = { links: [], marginMs: 0 }

/** What a link can be built from: an execution, and for an attempt's links, the attempt. */
export interface LinkSubject {
  id: string
  created_at?: unknown
  updated_at?: unknown
  metadata: Readonly<Record<string, string>>
  attempt?: { id: string; created_at?: unknown; updated_at?: unknown }
}

export type BuiltLink = { label: string; href: string } | { label: string; href: null; missing: string }

const PLACEHOLDER = /\{([^{}]*)\}/g
const TIMES = ['created_at', 'updated_at', 'from', 'to'] as const
const NAMES = new Set(['id', 'attempt.id', ...TIMES, ...TIMES.map((name) => `${name}_ms`)])
const MAX_LINKS = 20

/** encodeURIComponent, and the few characters it leaves that RFC 3986 reserves (a quote among them). */
const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)

const isKnown = (name: string) => NAMES.has(name) || /^metadata\.[^{}]+$/.test(name)

/** A link for each attempt (it names {attempt.id}) rather than one for the execution. */
export const isAttemptLink = (template: LinkTemplate) => template.url.includes('{attempt.id}')

/** Why a template cannot be used, or null. The scheme must be written out: no value can ever choose it. */
export function templateProblem(template: LinkTemplate): string | null {
  if (!/^https?:\/\/[^{}]/i.test(template.url))
    return 'its url must start with http:// or https:// and a host'
  const unknown = [...template.url.matchAll(PLACEHOLDER)]
    .map((match) => match[1] ?? '')
    .filter((name) => !isKnown(name))
  if (unknown.length > 0) return `it names unknown values: ${unknown.map((name) => `{${name}}`).join(', ')}`
  try {
    const url = new URL(template.url.replace(PLACEHOLDER, 'x'))
    return url.protocol === 'http:' || url.protocol === 'https:' ? null : 'its url is not http(s)'
  } catch {
    return 'its url is not a URL'
  }
}

/** DASHBOARD_LINKS as JSON: the templates, or an error naming the variable and what is wrong. */
export function parseLinkTemplates(text: string | undefined): LinkTemplate[] {
  if (text === undefined || text.trim() === '') return []
  const fail = (why: string): never => {
    throw new Error(`DASHBOARD_LINKS: ${why}`)
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return fail('is not JSON (a list of {"label", "url"})')
  }
  if (!Array.isArray(value)) return fail('must be a JSON list of {"label", "url"}')
  if (value.length > MAX_LINKS) return fail(`at most ${MAX_LINKS} links`)
  return value.map((entry: unknown, index) => {
    const { label, url } = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<
      string,
      unknown
    >
    if (typeof label !== 'string' || label.trim() === '' || label.length > 60)
      return fail(`link ${index + 1} needs a "label" of 1 to 60 characters`)
    if (typeof url !== 'string' || url.length > 2_000) return fail(`link “${label}” needs a "url"`)
    const problem = templateProblem({ label, url })
    if (problem) return fail(`link “${label}”: ${problem}`)
    return { label: label.trim(), url }
  })
}

/** A time as the list reads it (shared/timestamps): near-misses and epoch numbers, never one without a zone. */
const instant = (value: unknown): number | null => {
  const normalised = normaliseTimestamp(value)
  return normalised === null ? null : timestampInstant(normalised)
}

function valuesOf(subject: LinkSubject, marginMs: number): Map<string, number | string | null> {
  const span = subject.attempt ?? subject
  const created = instant(subject.created_at)
  const updated = instant(subject.updated_at)
  const from = instant(span.created_at)
  const to = instant(span.updated_at) ?? from
  const times: Record<(typeof TIMES)[number], number | null> = {
    created_at: created,
    updated_at: updated,
    from: from === null ? null : from - marginMs,
    to: to === null ? null : to + marginMs,
  }
  const values = new Map<string, number | string | null>([
    ['id', subject.id],
    ['attempt.id', subject.attempt?.id ?? null],
  ])
  for (const name of TIMES) {
    const ms = times[name]
    values.set(name, ms === null ? null : new Date(ms).toISOString())
    values.set(`${name}_ms`, ms)
  }
  return values
}

/** The link for one subject, or the value it lacks; never a URL whose scheme a value could have chosen. */
export function buildLink(template: LinkTemplate, subject: LinkSubject, marginMs: number): BuiltLink {
  const values = valuesOf(subject, marginMs)
  let missing: string | null = null
  const href = template.url.replace(PLACEHOLDER, (_whole, name: string) => {
    const value = name.startsWith('metadata.') ? subject.metadata[name.slice(9)] : values.get(name)
    if (value === undefined || value === null) {
      missing ??= name
      return ''
    }
    return encode(String(value))
  })
  if (missing !== null) return { label: template.label, href: null, missing }
  try {
    const url = new URL(href)
    if (url.protocol === 'http:' || url.protocol === 'https:')
      return { label: template.label, href: url.href }
  } catch {
    // A value made the URL unreadable (in the host, say): no link rather than a wrong one.
  }
  return { label: template.label, href: null, missing: 'a value that fits its URL' }
}
