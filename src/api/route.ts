import { writeFilterParams } from '../../shared/filterCodec'
import type { ListFilters } from '../../shared/filters'
import { ROUTES, type RouteName } from '../../shared/api/routes'
import type { RouteBodyInput, RouteQueryInput } from '../../shared/api/table'
import { writeWindowParams, type TimeWindow } from '../../shared/timeWindow'
import { apiExchange, apiRequest, type ApiRequest } from './transport'

/*
 * The browser calls the dashboard's routes by their name in the route table (shared/api): the method, the path
 * and the parameters' names come from there, so none is written here. Only the route's line is loaded (no schema).
 */

/** A view in a route's query: its filters, and its window where the route counts one. */
export interface RouteView {
  filters: ListFilters
  window?: TimeWindow
}

export interface RouteTarget<N extends RouteName> {
  /** The execution a path names (`{id}`). */
  id?: string
  view?: RouteView
  query?: RouteQueryInput<N>
}

/**
 * The ids `.` and `..` cannot travel as path segments: browsers (and fetch) treat `.`, `..`, `%2E` and
 * `%2E%2E` alike and drop them before sending. They leave as `%2E%` and `%2E%2E%` instead: a bare `%` is
 * never produced by encodeURIComponent, so no other id can look the same; the dashboard's server turns them
 * into `%2E` and `%2E%2E` upstream.
 */
const DOT_ID_SEGMENTS: Record<string, string> = { '.': '%2E%', '..': '%2E%2E%' }

/** An id as one path segment that cannot walk. */
export const idSegment = (id: string) => DOT_ID_SEGMENTS[id] ?? encodeURIComponent(id)

/** A route's query string: the view by the page URL's codecs, then the route's own parameters. */
export function routeSearch<N extends RouteName>(target: RouteTarget<N>): URLSearchParams {
  const params = new URLSearchParams()
  if (target.view) {
    writeFilterParams(target.view.filters, params)
    if (target.view.window) writeWindowParams(target.view.window, params)
  }
  const query: Record<string, string | number | boolean | null | undefined> = target.query ?? {}
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '' || value === false) continue
    params.set(name, value === true ? '1' : String(value))
  }
  return params
}

/** The path of a call under /api, with its query. */
export function routePath<N extends RouteName>(name: N, target: RouteTarget<N> = {}): string {
  const path = ROUTES[name].path.replace('{id}', idSegment(target.id ?? ''))
  const search = routeSearch(target).toString()
  return search ? `${path}?${search}` : path
}

export type RouteCall<N extends RouteName, T> = RouteTarget<N> &
  Omit<ApiRequest<T>, 'method' | 'path' | 'body'> & { body?: RouteBodyInput<N> }

const requestOf = <N extends RouteName, T>(name: N, call: RouteCall<N, T>): ApiRequest<T> => {
  const { id: _id, view: _view, query: _query, ...rest } = call
  return { ...rest, method: ROUTES[name].method, path: routePath(name, call) }
}

/** Calls a route of the dashboard's own API; the answer is read by `read`. */
export const callRoute = <N extends RouteName, T>(name: N, call: RouteCall<N, T>): Promise<T> =>
  apiRequest(requestOf(name, call))

/** Like callRoute, with the answer's status and headers. */
export const exchangeRoute = <N extends RouteName, T>(name: N, call: RouteCall<N, T>) =>
  apiExchange(requestOf(name, call))
