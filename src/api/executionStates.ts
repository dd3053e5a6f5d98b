import type { QueryClient } from '@tanstack/react-query'
import { stateMeaning } from '../../shared/states'
import { attemptKeys, executionKeys } from './queryKeys'
import type { ListPage } from './schemas'

export { isFinalState, readableState, stateMeaning } from '../../shared/states'

const MAX_UNKNOWN_STATES = 50

/** What the answers showed of the API's states. Spelling a filter is the server's (server/upstream/stateSpellings.ts). */
export interface SeenStates {
  /** States that mean none of the known four, in the order first seen. */
  unknown: string[]
}

/**
 * The states the API has answered with, read from the cached answers (lists and attempts), oldest answer
 * first: server state, so it lives in the query cache and ends with the session like every answer.
 */
export function seenStates(client: QueryClient): SeenStates {
  const cache = client.getQueryCache()
  const queries = [
    ...cache.findAll({ queryKey: executionKeys.lists() }),
    ...cache.findAll({ queryKey: attemptKeys.lists() }),
  ].sort((a, b) => a.state.dataUpdatedAt - b.state.dataUpdatedAt)
  const seen: SeenStates = { unknown: [] }
  for (const query of queries) {
    for (const row of (query.state.data as ListPage<{ state: string }> | undefined)?.data ?? []) {
      if (
        stateMeaning(row.state) === null &&
        row.state !== '' &&
        !seen.unknown.includes(row.state) &&
        seen.unknown.length < MAX_UNKNOWN_STATES
      )
        seen.unknown.push(row.state)
    }
  }
  return seen
}
