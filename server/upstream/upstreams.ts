import type { LinkTemplate } from '../../shared/linkTemplates.ts'
import { parseLinkTemplates } from '../../shared/linkTemplates.ts'
import { UPSTREAM_COLOR, UPSTREAM_NAME } from '../../shared/upstreams.ts'
import { parseUpstreamConfig, type UpstreamConfig } from './config.ts'

/** One API of several (EXEC_API_UPSTREAMS): where it is, how the dashboard reaches it, how it is shown. */
export interface NamedUpstream {
  name: string
  config: UpstreamConfig
  color: string
  danger: boolean
  /** Its own log links, or null for DASHBOARD_LINKS. */
  links: LinkTemplate[] | null
}

/** Label colours for upstreams that name none: distinct, and readable on light and dark headers. */
const COLORS = ['#1f6feb', '#8250df', '#bf8700', '#1a7f37', '#cf222e', '#0969da']
const MAX_UPSTREAMS = 20

type Fail = (why: string) => never

function checkName(name: unknown, at: string, seen: Set<string>, fail: Fail): string {
  if (typeof name !== 'string' || !UPSTREAM_NAME.test(name))
    fail(`${at}: name must be 1 to 40 letters, digits, - or _ (it goes in the page's address)`)
  const named = String(name)
  if (seen.has(named.toLowerCase())) fail(`${at}: the name ${named} is given twice`)
  seen.add(named.toLowerCase())
  return named
}

function checkFields(fields: Record<string, unknown>, at: string, fail: Fail) {
  const { url, token, color, danger } = fields
  if (typeof url !== 'string') fail(`${at}: url must be the API's base URL`)
  if (token !== undefined && typeof token !== 'string') fail(`${at}: token must be a string`)
  if (color !== undefined && (typeof color !== 'string' || !UPSTREAM_COLOR.test(color)))
    fail(`${at}: color must be #rgb or #rrggbb`)
  if (danger !== undefined && typeof danger !== 'boolean') fail(`${at}: danger must be true or false`)
}

/**
 * EXEC_API_UPSTREAMS as JSON: a list of {"name", "url", "token"?, "color"?, "danger"?, "links"?}; null when unset.
 * Anything wrong stops start-up with the variable named, the entry and what is wrong (never the token's value).
 */
export function parseUpstreams(env: NodeJS.ProcessEnv): NamedUpstream[] | null {
  const text = env.EXEC_API_UPSTREAMS?.trim() ?? ''
  if (text === '') return null
  const fail = (why: string): never => {
    throw new Error(`EXEC_API_UPSTREAMS: ${why}`)
  }
  if (env.EXEC_API_URL?.trim()) fail('set it or EXEC_API_URL, not both')
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return fail('is not JSON (a list of {"name", "url", "token", "color", "danger"})')
  }
  if (!Array.isArray(value) || value.length === 0) return fail('must be a non-empty JSON list')
  if (value.length > MAX_UPSTREAMS) fail(`at most ${MAX_UPSTREAMS} upstreams`)
  const seen = new Set<string>()
  return value.map((entry: unknown, index): NamedUpstream => {
    const fields = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>
    const at = `entry ${index + 1}`
    const { name, url, token, color, danger, links } = fields
    const named = checkName(name, at, seen, fail)
    checkFields({ url, token, color, danger }, `${at} (${named})`, fail)
    let config: UpstreamConfig
    try {
      config = parseUpstreamConfig({
        EXEC_API_URL: url as string,
        EXEC_API_TOKEN: token as string | undefined,
        EXEC_API_TIMEOUT_MS: env.EXEC_API_TIMEOUT_MS,
      })
    } catch (error) {
      const why =
        error instanceof Error
          ? error.message.replace(/^EXEC_API_(URL|TOKEN)/, (_m, part: string) => part.toLowerCase())
          : ''
      return fail(`${at} (${named}): ${why}`)
    }
    let own: LinkTemplate[] | null = null
    if (links !== undefined) {
      try {
        own = parseLinkTemplates(JSON.stringify(links))
      } catch (error) {
        fail(
          `${at} (${named}): links: ${error instanceof Error ? error.message.replace(/^DASHBOARD_LINKS: /, '') : ''}`,
        )
      }
    }
    return {
      name: named,
      config,
      color: (color as string | undefined) ?? COLORS[index % COLORS.length] ?? '#1f6feb',
      danger: danger === true,
      links: own,
    }
  })
}
