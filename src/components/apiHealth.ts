import { sessionSlice } from '../lib/clientStore'

/**
 * Whether the API answers, as the tab's live stream says it (`health`: the server learns it from every call it
 * makes, and asks when nothing has told it for a few seconds). Null while no stream says it (off, polling, hidden).
 */
export interface ApiHealthNews {
  reachable: boolean
  at: number
  reason: string | null
}

export const apiHealthSlice = sessionSlice<ApiHealthNews | null>('api-health', () => null)

export function readApiHealth(value: unknown): ApiHealthNews | null {
  if (typeof value !== 'object' || value === null) return null
  const health = value as Record<string, unknown>
  const fine =
    typeof health['reachable'] === 'boolean' &&
    typeof health['at'] === 'number' &&
    (health['reason'] === null || typeof health['reason'] === 'string')
  return fine ? (health as unknown as ApiHealthNews) : null
}
