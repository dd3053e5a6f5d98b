import type { DashboardErrorCode } from './errorCodes.ts'

/**
 * A request the dashboard refuses from deep inside (the index: too many views for one client), thrown to the one
 * router, which answers it with its status, code and words instead of a 500.
 */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: DashboardErrorCode,
    message: string,
  ) {
    super(message)
  }
}
