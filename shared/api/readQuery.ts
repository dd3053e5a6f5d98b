import * as z from 'zod/mini'
import type { DashboardErrorCode } from '../errorCodes.ts'
import { API_PREFIX, type RouteName } from './routes.ts'
import { ROUTE_TABLE, type RouteQuery } from './table.ts'
import { readViewParams, type ViewRead } from './view.ts'

export type QueryRead<N extends RouteName> =
  | { ok: true; query: RouteQuery<N>; view: ViewRead['view'] | null }
  | {
      ok: false
      code: Extract<DashboardErrorCode, 'bad_request' | 'filter_too_long'>
      /** Each problem, and all of them in a sentence. */
      problems: string[]
      message: string
    }

/** The messages of a failed parse, each once, in the order the schema found them. */
export const issueMessages = (error: z.core.$ZodError): string[] => [
  ...new Set(error.issues.map((issue) => issue.message)),
]

const isStrict = (schema: z.ZodMiniObject) => schema._zod.def.catchall?._zod.def.type === 'never'

/** `size (records a page, 1 to 500)`: a parameter's name, and what it takes when it says so. */
function described(name: string, schema: z.core.$ZodType): string {
  const description = z.globalRegistry.get(schema)?.description
  return description ? `${name} (${description})` : name
}

/** Names the parameters a strict route does not take, and those it does, so the caller can fix the link. */
function unknownParams(name: RouteName, schema: z.ZodMiniObject, params: URLSearchParams): string[] {
  const shape = schema._zod.def.shape
  const unknown = [...new Set(params.keys())].filter((key) => !Object.hasOwn(shape, key))
  if (unknown.length === 0) return []
  const taken = Object.entries(shape).map(([key, param]) => described(key, param))
  const takes = `${taken.slice(0, -1).join(', ')} and ${taken.at(-1) ?? ''}`
  const named = unknown.map((key) => `“${key.slice(0, 40)}”`).join(', ')
  return [`Unknown parameter ${named}: ${API_PREFIX}${ROUTE_TABLE[name].path} takes ${takes}`]
}

/**
 * A route's query, read by its schema: the view first (its filters and window, by the page URL's codecs), then the
 * route's own parameters (the first value of each). Every problem is said, in one message; a request whose only
 * problem is a filter the route refuses as too long is `filter_too_long`, any other `bad_request`.
 */
export function readRouteQuery<N extends RouteName>(name: N, params: URLSearchParams): QueryRead<N> {
  const route = ROUTE_TABLE[name]
  const problems: string[] = []
  let view: ViewRead | null = null
  if ('view' in route && route.view) {
    view = readViewParams(params)
    problems.push(...view.problems)
  }
  let query = {} as RouteQuery<N>
  if ('query' in route && route.query) {
    const schema: z.ZodMiniObject = route.query
    const input: Record<string, string> = {}
    for (const key of Object.keys(schema._zod.def.shape)) {
      const value = params.get(key)
      if (value !== null) input[key] = value
    }
    const read = z.safeParse(schema, input)
    if (read.success) query = read.data as RouteQuery<N>
    else problems.push(...issueMessages(read.error))
    if (isStrict(schema)) problems.push(...unknownParams(name, schema, params))
  }
  if (problems.length === 0) return { ok: true, query, view: view?.view ?? null }
  const onlyFilters = view !== null && view.filtersOnly && problems.length === view.problems.length
  const refusesFilters = (route.errors as readonly string[]).includes('filter_too_long')
  return {
    ok: false,
    code: onlyFilters && refusesFilters ? 'filter_too_long' : 'bad_request',
    problems,
    message: `${problems.join('; ')}.`,
  }
}
