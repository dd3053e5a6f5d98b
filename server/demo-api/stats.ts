import { OPERATIONS } from './operations.ts'
import type { Operation } from './operations.ts'

/** Counts requests that reached an operation's handler, whatever their outcome. */
export class RequestStats {
  private counts = RequestStats.zeroes()
  /** Of those, the dashboard's background scans (see faults.ts): what no user action caused. */
  private background = RequestStats.zeroes()
  /** List calls by the dashboard's lane (its User-Agent), "other" for any other client: what each part costs. */
  private listsByLane = new Map<string, number>()
  /** PATCHes per execution id, to prove one confirmation is one request. */
  private reschedulesById = new Map<string, number>()
  /** Reschedules the demo actually carried out (past any injected fault), per execution id. */
  private appliedById = new Map<string, number>()

  private static zeroes(): Record<Operation, number> {
    return Object.fromEntries(OPERATIONS.map((operation) => [operation, 0])) as Record<Operation, number>
  }

  count(operation: Operation, executionId?: string, background = false, lane: string | null = null): void {
    this.counts[operation] += 1
    if (operation === 'list_executions') {
      const key = lane ?? 'other'
      this.listsByLane.set(key, (this.listsByLane.get(key) ?? 0) + 1)
    }
    if (background) this.background[operation] += 1
    if (operation === 'reschedule' && executionId !== undefined) {
      this.reschedulesById.set(executionId, (this.reschedulesById.get(executionId) ?? 0) + 1)
    }
  }

  applied(executionId: string): void {
    this.appliedById.set(executionId, (this.appliedById.get(executionId) ?? 0) + 1)
  }

  reset(): void {
    this.counts = RequestStats.zeroes()
    this.background = RequestStats.zeroes()
    this.listsByLane.clear()
    this.reschedulesById.clear()
    this.appliedById.clear()
  }

  snapshot(): {
    requests: Record<Operation, number>
    background_requests: Record<Operation, number>
    list_executions_by_lane: Record<string, number>
    reschedules_by_id: Record<string, number>
    applied_by_id: Record<string, number>
  } {
    return {
      requests: { ...this.counts },
      background_requests: { ...this.background },
      list_executions_by_lane: Object.fromEntries(this.listsByLane),
      reschedules_by_id: Object.fromEntries(this.reschedulesById),
      applied_by_id: Object.fromEntries(this.appliedById),
    }
  }
}
