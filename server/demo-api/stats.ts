import { OPERATIONS } from './operations.ts'
import type { Operation } from './operations.ts'

/** Counts requests that reached an operation's handler, whatever their outcome. */
export class RequestStats {
  private counts = RequestStats.zeroes()

  private static zeroes(): Record<Operation, number> {
    return Object.fromEntries(OPERATIONS.map((operation) => [operation, 0])) as Record<Operation, number>
  }

  count(operation: Operation): void {
    this.counts[operation] += 1
  }

  reset(): void {
    this.counts = RequestStats.zeroes()
  }

  snapshot(): { requests: Record<Operation, number> } {
    return { requests: { ...this.counts } }
  }
}
