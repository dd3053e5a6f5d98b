import type { ListParams } from './listRequest'

/** Query-key factories: all → lists → list(params). Invalidate with the shortest prefix that covers the change. */
export const executionKeys = {
  all: ['executions'] as const,
  lists: () => [...executionKeys.all, 'list'] as const,
  list: (params: ListParams) => [...executionKeys.lists(), params] as const,
  /** One execution's freshest report with where it came from (see executionCache.ts). */
  detail: (id: string) => [...executionKeys.all, 'detail', id] as const,
}

export const attemptKeys = {
  all: ['attempts'] as const,
  lists: () => [...attemptKeys.all, 'list'] as const,
  listsOf: (executionId: string) => [...attemptKeys.lists(), executionId] as const,
  list: (executionId: string, params: Omit<ListParams, 'metadata'>) =>
    [...attemptKeys.listsOf(executionId), params] as const,
}

/** Reschedules sent from the row's confirmation: one mutation per PATCH, kept for the session. */
export const rescheduleKeys = {
  all: ['reschedule'] as const,
  of: (id: string) => [...rescheduleKeys.all, id] as const,
}

/** The log and trace link templates (GET /api/links). */
export const linkKeys = { all: ['links'] as const }
