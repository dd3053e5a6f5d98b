import type { QueryClient } from '@tanstack/react-query'
import { isApiError } from '../api'
import { executionKeys } from '../api/queryKeys'
import type { DashboardErrorCode } from '../../shared/errorCodes'
import { useQueryCacheSelector } from '../lib/useQueryCacheSelector'
import { useSlice } from '../lib/useClientStore'
import { apiHealthSlice, type ApiHealthNews } from './apiHealth'

/** The list on screen cannot be loaded: whether the API (or the way to it) is down, and why, in words. */
export interface ListFailure {
  /**
   * No answer from the API: a network error, a timeout, or the dashboard's server saying it could not reach it. An
   * error the API sent (a 503 of its own included) is its answer, not this.
   */
  unreachable: boolean
  /** The API refused the server's token (EXEC_API_TOKEN): nothing works until it is changed. */
  tokenRefused: boolean
  /** Why the tools that act on the list wait: "Unavailable while the API does not answer." */
  refusal: string
}

/**
 * What the dashboard's server says when it got no answer from the API. Its other 502–504s are not that: the API's
 * own status passed on (upstream_error), an answer it could not use, or its own store or index being off.
 */
const UNREACHABLE_CODES: readonly (string | null)[] = [
  'upstream_unreachable',
  'upstream_not_sent',
  'upstream_timeout',
] satisfies DashboardErrorCode[]

/** A gateway's error that did not come through the dashboard's server: a proxy in front of it found nothing to ask. */
const GATEWAY_STATUSES: readonly (number | null)[] = [502, 503, 504]

const isUnreachable = (error: unknown) =>
  isApiError(error) &&
  (error.kind === 'network' ||
    error.kind === 'timeout' ||
    (error.origin === 'dashboard' && UNREACHABLE_CODES.includes(error.code)) ||
    (!error.throughDashboard && GATEWAY_STATUSES.includes(error.status)))

/**
 * The failure of the list being watched now (the newest list query a view observes), or null when it has rows or is
 * still loading. One reading for the header's state and the tools that act on the list.
 */
export function currentListFailure(client: QueryClient): ListFailure | null {
  const watched = client
    .getQueryCache()
    .findAll({ queryKey: executionKeys.lists() })
    .filter((query) => query.getObserversCount() > 0)
  const newest = watched.sort(
    (a, b) =>
      Math.max(b.state.dataUpdatedAt, b.state.errorUpdatedAt) -
      Math.max(a.state.dataUpdatedAt, a.state.errorUpdatedAt),
  )[0]
  if (!newest || newest.state.status !== 'error') return null
  const error = newest.state.error
  const unreachable = isUnreachable(error)
  const tokenRefused = isApiError(error) && error.code === 'server_token_refused'
  const why = unreachable
    ? 'the API does not answer'
    : tokenRefused
      ? 'the API refuses the server’s token'
      : 'the list could not be loaded'
  return { unreachable, tokenRefused, refusal: `Unavailable while ${why}.` }
}

const UNREACHABLE_NOW: ListFailure = {
  unreachable: true,
  tokenRefused: false,
  refusal: 'Unavailable while the API does not answer.',
}

/**
 * The list's failure, in one voice with the live stream's news of the API: the stream learns at once what the list
 * learns at its next read, so while it says the API is down the list is said to fail, and while it says the API is
 * back an unreachable list is being asked again (not "API unreachable" over it).
 */
export function withApiHealth(failure: ListFailure | null, health: ApiHealthNews | null): ListFailure | null {
  if (health === null) return failure
  if (!health.reachable) return failure?.unreachable ? failure : UNREACHABLE_NOW
  return failure?.unreachable ? null : failure
}

export function useListFailure(): ListFailure | null {
  const failure = useQueryCacheSelector(currentListFailure)
  return withApiHealth(failure, useSlice(apiHealthSlice))
}

/** Why a tool that acts on the filters waits while the list shows one bulk run (it would act on more than is shown). */
export const RUN_SHOWN_REFUSAL =
  'Unavailable while the list shows one bulk run (its own file is Download the run).'
