import { stateMeaning } from '../../shared/states.ts'
import type { Store, Statement } from '../store/store.ts'
import { loadedFamily, type StoredFamily } from './family.ts'
import { summarized } from './readBack.ts'
import type { Partition } from './partition.ts'
import { rawCreated, rawUpdated, timeText, type IndexedExecution, type Interner } from './rows.ts'
import { readMetadataValues } from '../../shared/metadata.ts'

/** Rows per statement: large enough to be few statements, small enough for one JSON parameter. */
const CHUNK = 2_000
/**
 * Rows (and memberships) read back per statement: about 500 KB of JSON. Pages of 20,000 (5 MB) read a million
 * executions back 2–3 s sooner, but each page's text and parsed rows outlived the young generation: the process
 * peaked at 0.9 GB of RSS (600 MB with these) and a page held the event loop 190 ms (docs/benchmarks.md).
 */
const SYNC_PAGE = 2_000

export const INDEX_CHANNEL = 'dashboard_index'

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = []
  for (let start = 0; start < items.length; start += CHUNK) out.push(items.slice(start, start + CHUNK))
  return out
}

const rowJson = (row: IndexedExecution) => ({
  id: row.id,
  state: row.state,
  created_at: row.createdAt,
  updated_at: row.updatedAt,
  // The whole text, as every version of the dashboard reads it (replicas of two versions share a store in an
  // upgrade); only memory keeps less.
  created_raw: rawCreated(row),
  updated_raw: rawUpdated(row),
  metadata: row.metadata,
  last_seen_at: row.lastSeenAt,
  outcome_pending: row.outcomePending,
})

/**
 * Writes what changed in a partition in one transaction, then tells the other replicas. Nothing is written
 * twice: a failed write hands its changes back to the partition for the next flush.
 */
/** Where a partition lives in the store: a small key, so its id is not repeated in every row. */
export interface StoredPartition {
  key: number
  id: string
}

/** The store's key of a partition, recorded (or its last use noted) on the way. */
export async function partitionKey(
  store: Store,
  id: string,
  upstream: string,
  credential: string,
): Promise<StoredPartition> {
  const now = Date.now()
  const rows = await store.query<{ pk: number }>(
    `insert into index_partitions (id, upstream, credential, created_at, last_used_at) values ($1, $2, $3, $4, $4)
     on conflict (id) do update set last_used_at = excluded.last_used_at returning pk`,
    [id, upstream, credential, now],
  )
  const key = Number(rows[0]?.pk)
  if (!Number.isInteger(key)) throw new Error('the store gave no key for the index partition')
  return { key, id }
}

/**
 * Writes what changed in a partition in one transaction, then tells the other replicas. Nothing is written
 * twice: a failed write hands its changes back to the partition for the next flush.
 */
export async function flushPartition(
  store: Store,
  partition: Partition,
  stored: StoredPartition,
): Promise<boolean> {
  const dirty = partition.takeDirty()
  if (dirty.rows.size + dirty.members.size + dirty.families.size + dirty.gone.size === 0) return false
  const now = Date.now()
  const statements: Statement[] = []
  const rows = [...dirty.rows].map((id) => partition.rows.get(id)).filter((row) => row !== undefined)
  for (const chunk of chunks(rows)) {
    statements.push({
      sql: `insert into index_executions (partition_id, id, state, created_at, updated_at, created_raw, updated_raw, metadata, last_seen_at, outcome_pending)
            select $1, x.id, x.state, x.created_at, x.updated_at, x.created_raw, x.updated_raw, x.metadata, x.last_seen_at, x.outcome_pending
            from jsonb_to_recordset($2::jsonb) as x(id text, state text, created_at float8, updated_at float8, created_raw text,
              updated_raw text, metadata jsonb, last_seen_at float8, outcome_pending boolean)
            on conflict (partition_id, id) do update set state = excluded.state, created_at = excluded.created_at,
              updated_at = excluded.updated_at, created_raw = excluded.created_raw, updated_raw = excluded.updated_raw,
              metadata = excluded.metadata, last_seen_at = excluded.last_seen_at, outcome_pending = excluded.outcome_pending,
              seq = nextval('index_seq')`,
      params: [stored.key, JSON.stringify(chunk.map(rowJson))],
    })
  }
  // A family's counts move with any row or membership, its own or not: each is written again with them (readBack.ts).
  const countsMoved = dirty.rows.size + dirty.members.size + dirty.gone.size > 0
  const families = countsMoved
    ? [...partition.families.values()]
    : [...dirty.families].map((key) => partition.families.get(key)).filter((family) => family !== undefined)
  for (const family of families) {
    statements.push({
      sql: `insert into index_families (partition_id, family, filters, coverage, updated_at) values ($1, $2, $3::jsonb, $4::jsonb, $5)
            on conflict (partition_id, family) do update set coverage = excluded.coverage, updated_at = excluded.updated_at, seq = nextval('index_seq')`,
      params: [stored.key, family.key, family.key, JSON.stringify(summarized(partition, family, now)), now],
    })
  }
  const marks = [...dirty.members].flatMap(([family, members]) =>
    [...members].map(([id, present]) => ({ family, id, present })),
  )
  for (const chunk of chunks(marks)) {
    statements.push({
      sql: `insert into index_members (partition_id, family, execution_id, present)
            select $1, x.family, x.id, x.present from jsonb_to_recordset($2::jsonb) as x(family text, id text, present boolean)
            on conflict (partition_id, family, execution_id) do update set present = excluded.present, seq = nextval('index_seq')`,
      params: [stored.key, JSON.stringify(chunk)],
    })
  }
  // The API said these are no more. Their memberships stay, marked absent, so other replicas hear of it.
  for (const chunk of chunks([...dirty.gone])) {
    statements.push({
      sql: `delete from index_executions where partition_id = $1 and id in (select jsonb_array_elements_text($2::jsonb))`,
      params: [stored.key, JSON.stringify(chunk)],
    })
  }
  try {
    await store.transaction(statements)
  } catch (error) {
    partition.returnDirty(dirty)
    throw error
  }
  await store.notify(INDEX_CHANNEL, partition.id).catch(() => {})
  return true
}

/** A stored execution as readPacked gives it: its columns' values in ROW_COLUMNS' order. */
type StoredRow = [
  id: string,
  state: string,
  created_at: number | null,
  updated_at: number | null,
  created_raw: string | null,
  updated_raw: string | null,
  metadata: Record<string, unknown> | null,
  last_seen_at: number,
  outcome_pending: boolean,
  seq: number,
]

const ROW_COLUMNS = [
  'id',
  'state',
  'created_at',
  'updated_at',
  'created_raw',
  'updated_raw',
  'metadata',
  'last_seen_at',
  'outcome_pending',
  'seq',
] as const
/** A stored membership: its columns' values in MEMBER_COLUMNS' order. */
type StoredMember = [family: string, execution_id: string, present: boolean, seq: number]
const MEMBER_COLUMNS = ['family', 'execution_id', 'present', 'seq'] as const

/** A page as the database packed it: its rows as JSON text (parsed by `unpack`), how many, and the last seq. */
interface PackedPage {
  text: string | null
  count: number
  last: number | null
}

/**
 * The next page of a partition's `table` after `after` (by seq), built by the database as one JSON value: PGlite
 * decodes a result row by row in JavaScript, which took 2.6 s for 100,000 executions read as rows, against 0.5 s
 * as one value (and a restart at a million executions waited minutes for its first overview). Each row comes as
 * its values in `columns`' order: no object is made for it before its caller makes its own.
 */
async function readPacked(
  store: Store,
  table: 'index_executions' | 'index_members',
  columns: readonly string[],
  partition: StoredPartition['key'],
  after: number,
  page: number,
): Promise<PackedPage> {
  const list = columns.join(', ')
  const [answer] = await store.query<{ page: string | null; count: number; last: number | string | null }>(
    `select json_agg(json_build_array(${list}) order by seq)::text as page, count(*)::int as count, max(seq) as last
     from (select ${list} from ${table} where partition_id = $1 and seq > $2 order by seq limit $3) as page`,
    [partition, after, page],
  )
  return {
    text: answer?.page ?? null,
    count: Number(answer?.count ?? 0),
    last: answer?.last === null || answer?.last === undefined ? null : Number(answer.last),
  }
}

const unpack = <Row>(page: PackedPage): Row[] => (page.text === null ? [] : (JSON.parse(page.text) as Row[]))

function fromStored(row: StoredRow, intern: Interner): IndexedExecution {
  const [id, state, createdAt, updatedAt, createdRaw, updatedRaw, stored, lastSeenAt, outcomePending] = row
  const metadata = stored === null ? null : intern.metadata(readMetadataValues(stored))
  return {
    id,
    state: intern(state),
    meaning: stateMeaning(state),
    createdAt,
    updatedAt,
    createdText: timeText(createdRaw, createdAt),
    updatedText: timeText(updatedRaw, updatedAt),
    metadata,
    lastSeenAt,
    outcomePending,
  }
}

/**
 * Brings the planner's statistics of the index's tables up to date when they are missing or the table has more than
 * doubled since; true when it analysed. PGlite runs no autovacuum: without them the planner took each "rows after
 * seq, the first 20,000" read for a few rows and sorted all that was left every time, so a million executions took
 * minutes to read back. Statistics are kept in the database, and the planner scales them by a table's size now, so
 * a restart on the same store need not analyse again (1.5 s at a million executions). Once per process, before the
 * first read back.
 */
export async function updatePlannerStatistics(store: Store): Promise<boolean> {
  const tables = await store.query<{ tuples: number; pages: number; now: number }>(
    `select reltuples::float8 as tuples, relpages as pages,
       (pg_relation_size(oid) / current_setting('block_size')::int)::int as now
     from pg_class where oid in ('index_executions'::regclass, 'index_members'::regclass)`,
  )
  // Never analysed (reltuples -1), or grown past what the statistics describe.
  const current =
    tables.length === 2 &&
    tables.every(
      (table) => Number(table.tuples) >= 0 && Number(table.now) <= Math.max(2 * Number(table.pages), 8),
    )
  if (current) return false
  await store.query('analyze index_executions, index_members')
  return true
}

/** Where a replica's copy of a partition has read the store up to. */
export interface SyncMark {
  rows: number
  members: number
  families: number
}

export const startMark = (): SyncMark => ({ rows: 0, members: 0, families: 0 })

/** Reads what another replica (or this one before a restart) wrote since `mark`, page by page. */
export async function syncPartition(
  store: Store,
  partition: Partition,
  stored: StoredPartition,
  mark: SyncMark,
  page = SYNC_PAGE,
): Promise<number> {
  let read = 0
  const next = (rowsAfter: number, membersAfter: number) => {
    const pages = Promise.all([
      readPacked(store, 'index_executions', ROW_COLUMNS, stored.key, rowsAfter, page),
      readPacked(store, 'index_members', MEMBER_COLUMNS, stored.key, membersAfter, page),
    ])
    // Awaited by the next turn; a turn that fails first must not leave it unhandled.
    pages.catch(() => {})
    return pages
  }
  let coming = next(mark.rows, mark.members)
  for (;;) {
    const [rows, members] = await coming
    const asked = store.query<{ family: string; coverage: StoredFamily; seq: number }>(
      `select family, coverage, seq from index_families where partition_id = $1 and seq > $2 order by seq`,
      [stored.key, mark.families],
    )
    const more = rows.count >= page || members.count >= page
    // The database reads the next pages while this thread takes these in: at a million executions the two had
    // waited for each other, each idle half the time.
    if (more) coming = next(rows.last ?? mark.rows, members.last ?? mark.members)
    const families = await asked
    partition.load({
      rows: unpack<StoredRow>(rows).map((row) => fromStored(row, partition.intern)),
      families: families.map(({ family, coverage }) => loadedFamily(family, coverage)),
      members: unpack<StoredMember>(members).map(([family, execution, present]) => [
        family,
        execution,
        present,
      ]),
    })
    mark.rows = rows.last ?? mark.rows
    mark.families = families.at(-1)?.seq ?? mark.families
    mark.members = members.last ?? mark.members
    read += rows.count + members.count
    if (!more) return read
  }
}
