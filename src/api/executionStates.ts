import type { QueryClient } from '@tanstack/react-query'
import { stateMeaning, type KnownExecutionState } from '../../shared/states'
import { attemptKeys, executionKeys } from './queryKeys'
import type { ListPage } from './schemas'

export { isFinalState, readableState, stateMeaning } from '../../shared/states'

const MAX_UNKNOWN_STATES = 50

export interface SeenStates {
  /** Each known meaning in the spelling the API used last. */
  spellings: Partial<Record<KnownExecutionState, string>>
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
  const seen: SeenStates = { spellings: {}, unknown: [] }
  for (const query of queries) {
    for (const row of (query.state.data as ListPage<{ state: string }> | undefined)?.data ?? []) {
      const meaning = stateMeaning(row.state)
      if (meaning !== null) seen.spellings[meaning] = row.state
      else if (
        row.state !== '' &&
        !seen.unknown.includes(row.state) &&
        seen.unknown.length < MAX_UNKNOWN_STATES
      )
        seen.unknown.push(row.state)
    }
  }
  return seen
}

/**
 * How to send a state filter: a known meaning in the spelling the API was last seen using (the spec's
 * before any answer), any other state as given.
 */
export function stateSpeller(client: QueryClient): (state: string) => string {
  const { spellings } = seenStates(client)
  return (state) => {
    const meaning = stateMeaning(state)
    return meaning === null ? state : (spellings[meaning] ?? meaning)
  }
}
