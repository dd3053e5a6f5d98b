/*
 * Orders the list can have from the dashboard's index (the API promises none): `sort=created` and the like in
 * the page URL, saved views and links, and the index route's own parameter. Each is newest (or longest) first.
 */
export const LIST_SORTS = ['created', 'updated', 'state', 'duration'] as const
export type ListSort = (typeof LIST_SORTS)[number]

export const SORT_PARAM = 'sort'

/** The sort a parameter names, null when absent; `problem` says why a present one was not taken. */
export function readListSort(text: string | null): { sort: ListSort | null; problem: string | null } {
  if (text === null || text === '') return { sort: null, problem: null }
  const sort = LIST_SORTS.find((candidate) => candidate === text) ?? null
  return { sort, problem: sort ? null : `sort must be one of ${LIST_SORTS.join(', ')}` }
}

/** The list's column each order sorts by. */
export const SORTED_COLUMN: Record<ListSort, string> = {
  created: 'created_at',
  updated: 'updated_at',
  state: 'state',
  duration: 'duration',
}

/**
 * How long a finished (failed or succeeded) execution took: from its creation to its last update. Null while it
 * runs, in an unknown state, or when a time is unknown: the list's Duration column and the index's order agree.
 */
export function finishedDuration(meaning: string | null, created: number | null, updated: number | null) {
  if (meaning !== 'failed' && meaning !== 'succeed') return null
  if (created === null || updated === null || !Number.isFinite(created) || !Number.isFinite(updated))
    return null
  return Math.max(0, updated - created)
}
