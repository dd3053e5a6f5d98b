/*
 * What became of a bulk run (GET /api/audit/run?bulk=…): its members as the audit trail recorded them (the set is
 * frozen: the ids the run sent), each with its state now as the dashboard's index last read it. Shared by the
 * route that answers it and the browser that reads it.
 */

import { isWholeCount } from './coverage.ts'

/**
 * Where a member stands now. `waiting`: the re-run was accepted and the index has not read the execution since; `not_seen`: the index does not hold it; `not_rescheduled`: the API refused it; `outcome_unknown`: whether
 * the API acted is not known. The others are its state since the re-run.
 */
export const RUN_MEMBER_STANDINGS = [
  'created',
  'started',
  'succeeded',
  'failed_again',
  'other',
  'waiting',
  'not_seen',
  'not_rescheduled',
  'outcome_unknown',
] as const
export type RunMemberStanding = (typeof RUN_MEMBER_STANDINGS)[number]

/** In words, for the counts and the file. */
export const STANDING_WORDS: Record<RunMemberStanding, string> = {
  created: 'created',
  started: 'started',
  succeeded: 'succeeded',
  failed_again: 'failed again',
  other: 'in another state',
  waiting: 'waiting for the API',
  not_seen: 'not in the index',
  not_rescheduled: 'refused',
  outcome_unknown: 'outcome unknown',
}

export interface RunMember {
  id: string
  /** The audit trail's outcome of its reschedule. */
  outcome: string
  /** When the reschedule was asked for (ms epoch). */
  requested_at: number
  standing: RunMemberStanding
  /** Its state now as the index holds it (null when it does not). */
  state: string | null
  /** When the index last read it (ms epoch), or null. */
  seen_at: number | null
}

export interface BulkRunReport {
  run: string
  user: string
  /** The first and last request of the run (ms epoch). */
  started_at: number
  ended_at: number
  members: RunMember[]
  counts: Record<RunMemberStanding, number>
  /** When this report was made (ms epoch): the states are the index's as of then. */
  as_of: number
  /** Whether the trail held more members than one report carries. */
  truncated: boolean
}

/** The most members one report carries: a bulk run takes at most 20,000. */
export const MOST_RUN_MEMBERS = 20_000

const isStanding = (value: unknown): value is RunMemberStanding =>
  (RUN_MEMBER_STANDINGS as readonly unknown[]).includes(value)

function isMember(value: unknown): value is RunMember {
  if (typeof value !== 'object' || value === null) return false
  const member = value as Record<string, unknown>
  return (
    typeof member['id'] === 'string' &&
    typeof member['outcome'] === 'string' &&
    typeof member['requested_at'] === 'number' &&
    isStanding(member['standing']) &&
    (member['state'] === null || typeof member['state'] === 'string') &&
    (member['seen_at'] === null || typeof member['seen_at'] === 'number')
  )
}

/** Counts of each standing, every standing present. */
export function countStandings(members: readonly RunMember[]): Record<RunMemberStanding, number> {
  const counts = Object.fromEntries(RUN_MEMBER_STANDINGS.map((standing) => [standing, 0])) as Record<
    RunMemberStanding,
    number
  >
  for (const member of members) counts[member.standing] += 1
  return counts
}

/** The report as the server sent it, or null when any part does not read (never a partial one). */
export function readBulkRunReport(value: unknown): BulkRunReport | null {
  if (typeof value !== 'object' || value === null) return null
  const report = value as Record<string, unknown>
  const members = report['members']
  const counts = report['counts'] as Record<string, unknown> | null
  const fine =
    typeof report['run'] === 'string' &&
    typeof report['user'] === 'string' &&
    typeof report['started_at'] === 'number' &&
    typeof report['ended_at'] === 'number' &&
    typeof report['as_of'] === 'number' &&
    typeof report['truncated'] === 'boolean' &&
    Array.isArray(members) &&
    members.every(isMember) &&
    typeof counts === 'object' &&
    counts !== null &&
    RUN_MEMBER_STANDINGS.every((standing) => isWholeCount(counts[standing]))
  return fine ? (report as unknown as BulkRunReport) : null
}
