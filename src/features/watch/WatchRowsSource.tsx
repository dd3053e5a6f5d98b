import { useMutationState, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { watchKeys, type NewWatch, type Watch } from '../../api/watches'
import { useWatchActions, useWatches } from './useWatchActions'
import type { WatchRowsValue } from './WatchRows'

/** The execution a watch change is about, if it is about one. */
const executionOf = (variables: unknown): string | null => {
  const change = variables as NewWatch | Watch | undefined
  return change?.kind === 'execution' ? (change.executionId ?? null) : null
}

/**
 * The watches, the changes on their way and the actions, for the Watch buttons of the list and the panel: told to
 * WatchRowsProvider, which loads this chunk as the page starts (the mutations are not in the first load).
 */
export function WatchRowsSource({ onValue }: { onValue: (value: WatchRowsValue) => void }) {
  const client = useQueryClient()
  const { list, error } = useWatches()
  const actions = useWatchActions()
  // Both `mutate`s keep their identity for the provider's life.
  const addWatch = actions.add.mutate
  const stopWatch = actions.stop.mutate
  const changing = useMutationState({
    filters: { mutationKey: watchKeys.changes, status: 'pending' },
    select: (mutation) => executionOf(mutation.state.variables),
  })
  const value = useMemo<WatchRowsValue>(() => {
    const watched = list
      ? new Map(
          list.watches.flatMap((watch) =>
            watch.kind === 'execution' && watch.executionId ? [[watch.executionId, watch] as const] : [],
          ),
        )
      : null
    const pending = new Set(changing.filter((id) => id !== null))
    // The cache, not the last render: a second click before the first's answer re-rendered sends nothing.
    const isChanging = (executionId: string) =>
      client.getMutationCache().findAll({
        mutationKey: watchKeys.changes,
        status: 'pending',
        predicate: (mutation) => executionOf(mutation.state.variables) === executionId,
      }).length > 0
    const toggle = (executionId: string) => {
      if (isChanging(executionId)) return
      const watch = watched?.get(executionId)
      if (watch) stopWatch(watch)
      else addWatch({ kind: 'execution', executionId })
    }
    return { watched, failed: error !== null, pending, toggle }
  }, [client, list, error, changing, addWatch, stopWatch])
  useEffect(() => onValue(value), [onValue, value])
  return null
}
