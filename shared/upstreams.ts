/*
 * Several APIs in one dashboard (EXEC_API_UPSTREAMS): what the browser is told of each (never a token), and where
 * each lives: the page at /u/<name>/, its API at /api/u/<name>/. Without the setting there is one API, unnamed,
 * at / and /api.
 */
export interface UpstreamInfo {
  name: string
  /** The API's address, as the header shows it. */
  api: string
  /** A CSS colour (#rgb or #rrggbb) for its label. */
  color: string
  /** Production: a bulk reschedule of 10 or more needs its count typed. */
  danger: boolean
  mode: 'server-token' | 'sign-in'
}

export interface UpstreamList {
  upstreams: UpstreamInfo[]
  /** The one a path without /u/<name> means. */
  defaultName: string | null
}

export const UPSTREAM_NAME = /^[a-z0-9][a-z0-9_-]{0,39}$/i
export const UPSTREAM_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i
/** A bulk run on a `danger` upstream of at least this many executions needs its count typed. */
export const DANGER_TYPED_FROM = 10

/** The upstream a page path names (`/u/staging/…`), or null: names are plain (UPSTREAM_NAME), never encoded. */
export const upstreamOfPath = (pathname: string): string | null =>
  /^\/u\/([a-z0-9][\w-]{0,39})(?:\/|$)/i.exec(pathname)?.[1] ?? null

/** The API's base for the page's upstream: `/api/u/<name>`, or `/api`. */
export const apiBaseFor = (name: string | null) => (name === null ? '/api' : `/api/u/${name}`)
/** The page of an upstream, keeping the view (its query string). */
export const pageOfUpstream = (name: string, search: string) => `/u/${name}/${search}`
