import type { MetadataFilter } from '../../shared/filters.ts'
import { familyKey, type Family } from './family.ts'
import type { Runtime } from './runtime.ts'
import { readApiRow } from './rows.ts'
import type { UpstreamFacts } from './upstreamFacts.ts'

type Json = Record<string, unknown>

function parse(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown
  } catch {
    return null
  }
}

const asRecord = (value: unknown): Json | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null

/** The rows a relayed answer carries: a list page's data, or the execution a reschedule answered with. */
function rowsOf(operation: string, json: unknown): Json[] {
  const record = asRecord(json)
  if (!record) return []
  if (operation === 'list_executions')
    return Array.isArray(record.data)
      ? (record.data as unknown[]).map(asRecord).filter((row) => row !== null)
      : []
  if (operation !== 'reschedule') return []
  const execution = asRecord(record.data) ?? record
  return typeof execution.id === 'string' && typeof execution.state === 'string' ? [execution] : []
}

/** The metadata filter a list request asked for ([] for none); entries of another shape are left out. */
function requestedMetadata(body: Buffer): MetadataFilter[] {
  const metadata = asRecord(asRecord(parse(body))?.filters)?.metadata
  if (!Array.isArray(metadata)) return []
  return (metadata as unknown[]).flatMap((entry) => {
    const record = asRecord(entry)
    const values = record?.values
    if (typeof record?.key !== 'string' || !Array.isArray(values)) return []
    return [{ key: record.key, values: (values as unknown[]).filter((value) => typeof value === 'string') }]
  })
}

/**
 * Whether a list request asked for a family's head: its first page (no cursor either way), with no filter but the
 * family's metadata (no states), so it is what a refresh's first read would have asked.
 */
export function asksForHead(body: Buffer): boolean {
  const request = asRecord(parse(body))
  if (!request) return false
  const page = asRecord(request.page) ?? {}
  if (!Object.keys(page).every((key) => key === 'first' || isAbsent(page[key]))) return false
  const filters = asRecord(request.filters) ?? {}
  const states = filters.states
  const stateless = isAbsent(states) || (Array.isArray(states) && states.length === 0)
  const { metadata } = filters
  return (
    stateless &&
    (isAbsent(metadata) || (Array.isArray(metadata) && metadata.every(readableMetadata))) &&
    Object.keys(filters).every((key) => key === 'states' || key === 'metadata')
  )
}

const isAbsent = (value: unknown) => value === undefined || value === null

/** A metadata entry the family key reads whole (requestedMetadata would drop or trim any other). */
function readableMetadata(entry: unknown): boolean {
  const record = asRecord(entry)
  return (
    typeof record?.key === 'string' &&
    record.key !== '' &&
    Array.isArray(record.values) &&
    record.values.length > 0 &&
    (record.values as unknown[]).every((value) => typeof value === 'string')
  )
}

/**
 * Whether a head page shows every execution created since the family last read its head: it holds one already a
 * member (on an API that lists newest first, what is newer is above it), or the API said there is no more.
 */
export const headCovers = (family: Family, rows: readonly { id: string }[], hasNext: unknown) =>
  hasNext === false || rows.some((row) => family.members.has(row.id))

/**
 * What the index learns from an answer the proxy relays: how the API spells states, and (for a partition this
 * replica keeps) the executions it carries. A list page asked with a family's metadata filter adds members.
 */
export function observeAnswer(
  runtime: Runtime | null,
  facts: UpstreamFacts,
  operation: { operation: string },
  requestBody: Buffer,
  answer: { status: number; body: Buffer },
  now: number,
) {
  if (answer.status < 200 || answer.status > 299) return
  const rows = rowsOf(operation.operation, parse(answer.body))
  if (operation.operation === 'list_executions') facts.learnStates(rows.map((row) => String(row.state)))
  if (!runtime || !runtime.isLeader() || rows.length === 0) return
  const family =
    operation.operation === 'list_executions'
      ? runtime.partition.families.get(familyKey(requestedMetadata(requestBody)))
      : undefined
  const read = rows.flatMap((apiRow) => readApiRow(apiRow, now, runtime.partition.intern) ?? [])
  const taken = family !== undefined && family.phase !== 'new'
  // A relayed head page (a tab's live page, the proxied list) is the refresh's first read, shared (refresh.ts).
  // One that may leave new executions below it takes back an earlier one's word: the refresh reads them itself.
  if (taken && asksForHead(requestBody))
    family.headSeenAt = headCovers(family, read, hasNextOf(answer.body)) ? now : undefined
  for (const row of read) {
    runtime.partition.upsert(row)
    if (taken) runtime.partition.addMember(family, row)
  }
}

const hasNextOf = (body: Buffer) => asRecord(asRecord(parse(body))?.page_info)?.has_next_page
