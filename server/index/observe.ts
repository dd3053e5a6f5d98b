import type { MetadataFilter } from '../../shared/filters.ts'
import { familyKey } from './family.ts'
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
  for (const apiRow of rows) {
    const row = readApiRow(apiRow, now, runtime.partition.intern)
    if (!row) continue
    runtime.partition.upsert(row)
    if (family && family.phase !== 'new') runtime.partition.addMember(family, row)
  }
}
