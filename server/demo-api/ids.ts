export function formatExecutionId(sequence: number): string {
  return `exec-${String(sequence).padStart(6, '0')}`
}

export function formatAttemptId(sequence: number): string {
  return `att-${String(sequence).padStart(7, '0')}`
}

export class AttemptIdSequence {
  constructor(public next = 1) {}

  take(): string {
    return formatAttemptId(this.next++)
  }
}
