import { queryOptions } from '@tanstack/react-query'
import { callRoute } from './route'
import { notRead, type ReadResult } from '../../shared/readResult'

/** Who the dashboard's server thinks the user is, and whether they may reschedule (GET /api/whoami). */
export interface WhoAmI {
  user: string
  via: string
  role: 'operator' | 'viewer'
  /** Why a viewer may not reschedule; null for an operator. */
  refusal: string | null
  /** Whether reschedules are recorded in the audit trail. */
  audited: boolean
}

function readWhoAmI(payload: unknown): ReadResult<WhoAmI> {
  const record = (payload !== null && typeof payload === 'object' ? payload : {}) as Record<string, unknown>
  const ok =
    typeof record['user'] === 'string' &&
    (record['role'] === 'operator' || record['role'] === 'viewer') &&
    (record['refusal'] === null || typeof record['refusal'] === 'string')
  return ok ? { ok: true, value: record as unknown as WhoAmI } : notRead('expected user, role and refusal')
}

export const whoamiKeys = { all: ['whoami'] as const }

export function whoamiQuery() {
  return queryOptions({
    queryKey: whoamiKeys.all,
    queryFn: ({ signal }) => callRoute('whoami', { read: readWhoAmI, signal }),
    staleTime: 5 * 60_000,
  })
}
