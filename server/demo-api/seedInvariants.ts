import type { ExecutionRecord } from './model.ts'

/**
 * Problems with an execution's timeline and attempt states; empty when it is consistent.
 * Once rescheduled, an execution may carry an earlier succeeded attempt, hence `earlierMustFail`.
 */
export function timelineProblems(execution: ExecutionRecord, now: number, earlierMustFail = true): string[] {
  const problems: string[] = []
  const { id, attempts, state } = execution
  const complain = (message: string) => problems.push(`${id}: ${message}`)
  if (execution.createdAt > execution.updatedAt) complain('updated before created')
  if (execution.updatedAt > now) complain('updated in the future')
  let previousEnd = execution.createdAt
  attempts.forEach((attempt, index) => {
    if (attempt.createdAt < previousEnd) complain(`attempt ${index} starts before the previous one ends`)
    if (attempt.updatedAt < attempt.createdAt) complain(`attempt ${index} ends before it starts`)
    if (attempt.updatedAt > execution.updatedAt) complain(`attempt ${index} outlives the execution`)
    const isLast = index === attempts.length - 1
    const earlierOk = earlierMustFail ? attempt.state === 'failed' : attempt.state !== 'started'
    if (!isLast && !earlierOk) complain(`earlier attempt ${index} is ${attempt.state}`)
    previousEnd = attempt.updatedAt
  })
  const last = attempts.at(-1)
  if (state === 'created') {
    if (last?.state === 'started') complain('created but an attempt is running')
  } else if (last?.state !== state) {
    complain(`state ${state} but last attempt ${last?.state ?? 'missing'}`)
  }
  return problems
}
