export { ApiError, isApiError } from './apiError'
export { apiStream } from './transport'
export type { ApiErrorKind } from './apiError'
export { listAttempts } from './attempts'
export type { AttemptListParams } from './attempts'
export { listExecutions, rescheduleExecution } from './executions'
export { executionPath } from './executionPath'
export { readRescheduleAnswer } from './rescheduleAnswer'
export type { RescheduleOutcome } from './rescheduleAnswer'
export type { ListFilters, ListParams, MetadataFilter } from './listRequest'
export { attemptKeys, attemptListQuery, executionKeys, executionListQuery } from './queries'
export { KNOWN_EXECUTION_STATES, readMetadata } from './schemas'
export { nextPageOf, toListPage } from './listPage'
export type { NextPage } from './listPage'
export { lacksTimeZone, timestampInstant } from '../shared/timestamps'
export type {
  Attempt,
  AttemptList,
  Execution,
  ExecutionList,
  ExecutionState,
  KnownExecutionState,
  PageInfo,
  RejectedRow,
} from './schemas'
export {
  findCachedExecution,
  findSourcedExecution,
  noteRescheduled,
  patchExecutionInLists,
  rememberExecution,
  replaceExecutionInPage,
  rescheduledSince,
} from './executionCache'
export type { ExecutionSource, SourcedExecution } from './executionCache'
export {
  REFUSED_TOKEN_CODES,
  SESSION_ENDED_NOTICE,
  sessionKeys,
  sessionQuery,
  signIn,
  signOut,
} from './session'
export type { Session } from './session'
export {
  forgetSeenStates,
  isFinalState,
  readableState,
  seenUnknownStates,
  spellingForFilter,
  stateMeaning,
  subscribeToSeenStates,
} from './executionStates'
