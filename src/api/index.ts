export { ApiError, isApiError } from './apiError'
export type { ApiErrorKind } from './apiError'
export { apiStream } from './stream'
export { listAttempts } from './attempts'
export type { AttemptListParams } from './attempts'
export { listExecutions } from './executions'
export { fetchIdSet } from './idSet'
export type { IdSetAnswer, IdSetEntry } from './idSet'
export { applyRescheduleAnswer, refreshAfterReschedule, rescheduleExecution } from './rescheduleCall'
export type { ListCallOptions } from './executions'
export { callRoute, exchangeRoute, idSegment, routePath, routeSearch } from './route'
export { readRescheduleAnswer } from './rescheduleAnswer'
export type { RescheduleOutcome } from './rescheduleAnswer'
export type { ListFilters, ListParams, MetadataFilter } from './listRequest'
export { isFromIndex } from './listRequest'
export {
  attemptKeys,
  executionKeys,
  executionListQuery,
  freshExecutionListQuery,
  rescheduleKeys,
} from './queries'
export { attemptListQuery } from './attemptQueries'
export { KNOWN_EXECUTION_STATES, metadataFilterPairs, readMetadata } from './schemas'
export { nextPageOf, sameStart, toListPage } from './listPage'
export { walkPageOf } from './walkPage'
export type { NextPage } from './listPage'
export { lacksTimeZone, timestampInstant } from '../../shared/timestamps'
export type {
  Attempt,
  AttemptList,
  Execution,
  ExecutionList,
  ExecutionState,
  KnownExecutionState,
  ListPage,
  PageInfo,
  RejectedRow,
} from './schemas'
export {
  findSourcedExecution,
  patchExecutionInLists,
  rememberExecution,
  replaceExecutionInPage,
} from './executionCache'
export type { ExecutionReport, ExecutionSource } from './executionCache'
export { isUnknownOutcome, recentRescheduleOf } from './reschedule'
export { rescheduledSince } from './rescheduledSince'
export type { RecentReschedule } from './reschedule'
export {
  forgetSessionData,
  REFUSED_TOKEN_CODES,
  SESSION_ENDED_NOTICE,
  sessionKeys,
  sessionQuery,
} from './session'
export { signIn, signOut } from './sessionCalls'
export type { Session } from './session'
export { isFinalState, readableState, seenStates, stateMeaning } from './executionStates'
export type { SeenStates } from './executionStates'
export { overviewKeys, overviewQuery } from './overview'
export { apiBase, readAnswer } from './transport'
export { whoamiKeys, whoamiQuery } from './whoami'
export { holdUntilFirstScreen, useFirstScreenShown } from './firstScreen'
export { lastRescheduleQuery } from './audit'
export { marksOfPage, recentReschedulesQuery, type TrailMark } from './recentReschedules'
export type { WhoAmI } from './whoami'
