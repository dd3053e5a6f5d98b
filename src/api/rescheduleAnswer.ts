import {
  readRescheduleAnswer as readAnswer,
  type RescheduleOutcome as Outcome,
} from '../../shared/rescheduleAnswer'
import type { Execution } from './schemas'

/** What a 2xx answer to a reschedule says (shared/rescheduleAnswer.ts), with the execution as the browser types it. */
export type RescheduleOutcome = Outcome<Execution>

export const readRescheduleAnswer = (requestedId: string, status: number, payload: unknown) =>
  readAnswer<Execution>(requestedId, status, payload)
