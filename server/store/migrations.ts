import type { Store } from './store.ts'

/*
 * Versioned migrations, applied in order at start-up, each in its own transaction. A data directory written
 * by an older dashboard is upgraded, never dropped; one written by a newer dashboard is refused.
 */
export interface Migration {
  version: number
  description: string
  sql: string
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'the execution index',
    sql: `
      create table dashboard_meta (key text primary key, value text not null);
      create sequence index_seq;
      create table upstream_facts (
        upstream text primary key,
        page_size integer,
        page_size_probed_at double precision,
        order_kind text,
        order_checked_at double precision,
        spellings jsonb not null default '{}'::jsonb
      );
      create table index_partitions (
        pk serial primary key,
        id text not null unique,
        upstream text not null,
        credential text not null,
        created_at double precision not null,
        last_used_at double precision not null
      );
      create table index_executions (
        partition_id integer not null references index_partitions (pk) on delete cascade,
        id text not null,
        state text not null,
        created_at double precision,
        updated_at double precision,
        created_raw text,
        updated_raw text,
        metadata jsonb,
        last_seen_at double precision not null,
        outcome_pending boolean not null default false,
        seq bigint not null default nextval('index_seq'),
        primary key (partition_id, id)
      );
      create index index_executions_by_seq on index_executions (partition_id, seq);
      create table index_families (
        partition_id integer not null references index_partitions (pk) on delete cascade,
        family text not null,
        filters jsonb not null,
        coverage jsonb not null,
        updated_at double precision not null,
        seq bigint not null default nextval('index_seq'),
        primary key (partition_id, family)
      );
      create table index_members (
        partition_id integer not null references index_partitions (pk) on delete cascade,
        family text not null,
        execution_id text not null,
        present boolean not null,
        seq bigint not null default nextval('index_seq'),
        primary key (partition_id, family, execution_id)
      );
      create index index_members_by_seq on index_members (partition_id, seq);
    `,
  },
  {
    version: 2,
    description: 'the audit trail of reschedules',
    sql: `
      create table audit_records (
        id text primary key,
        at double precision not null,
        user_name text not null,
        via text not null,
        upstream text not null,
        execution_id text not null,
        request_body text not null,
        bulk_run text,
        request_id text not null,
        outcome text not null,
        status integer,
        result_state text,
        detail text,
        completed_at double precision
      );
      create index audit_by_time on audit_records (at desc, id desc);
      create index audit_by_execution on audit_records (execution_id, at desc);
      create index audit_by_user on audit_records (user_name, at desc);
    `,
  },
  {
    version: 3,
    description: 'acknowledged failures',
    sql: `
      create table triage_acks (
        upstream text not null,
        execution_id text not null,
        failed_at text not null,
        run text not null,
        note text not null,
        user_name text not null,
        at double precision not null,
        undone_at double precision,
        undone_by text,
        primary key (upstream, execution_id, run)
      );
      create index triage_acks_active on triage_acks (upstream) where undone_at is null;
      create index triage_acks_by_run on triage_acks (run);
    `,
  },
  {
    version: 4,
    description: 'when each user last looked at each view',
    sql: `
      create table view_visits (
        upstream text not null,
        owner text not null,
        view_key text not null,
        seen_at double precision not null,
        primary key (upstream, owner, view_key)
      );
      create index view_visits_by_time on view_visits (seen_at);
    `,
  },
  {
    version: 5,
    description: 'watches and their notices',
    sql: `
      create table watches (
        id text primary key,
        upstream text not null,
        owner text not null,
        kind text not null,
        label text not null,
        execution_id text,
        view_query text,
        threshold jsonb,
        created_at double precision not null,
        seen jsonb,
        seen_key text,
        waiting jsonb not null default '[]'::jsonb,
        notified_at double precision
      );
      create index watches_by_owner on watches (upstream, owner);
      create table watch_notices (
        seq bigserial primary key,
        upstream text not null,
        owner text not null,
        watch_id text not null,
        at double precision not null,
        title text not null,
        body text not null,
        changes integer not null,
        execution_id text
      );
      create index watch_notices_by_owner on watch_notices (upstream, owner, seq);
      create index watch_notices_by_time on watch_notices (at);
    `,
  },
  {
    version: 6,
    description: 'what a run acted on (its view), for its link in the audit trail',
    sql: `alter table audit_records add column run_view text;`,
  },
]

export const SCHEMA_VERSION = MIGRATIONS.at(-1)?.version ?? 0

/** Applies what is missing; one replica at a time (a transaction-level advisory lock serialises them). */
export async function migrate(
  store: Pick<Store, 'where' | 'query' | 'transaction'>,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<number> {
  await store.query(
    `create table if not exists schema_migrations (version integer primary key, description text not null, applied_at double precision not null)`,
  )
  const rows = await store.query<{ version: number }>(
    `select coalesce(max(version), 0) as version from schema_migrations`,
  )
  const current = Number(rows[0]?.version ?? 0)
  const newest = migrations.at(-1)?.version ?? 0
  if (current > newest) {
    throw new Error(
      `The dashboard's database (${store.where}) was written by a newer version of the dashboard (schema ${current}; this one knows up to ${newest}). Upgrade the dashboard, or point it at another database.`,
    )
  }
  for (const migration of migrations.filter((m) => m.version > current)) {
    await store
      .transaction([
        { sql: `select pg_advisory_xact_lock(727001)` },
        // Another replica may have applied it while this one waited for the lock.
        {
          sql: `do $$ begin if exists (select 1 from schema_migrations where version = ${migration.version}) then raise exception 'already applied'; end if; end $$`,
        },
        { sql: migration.sql },
        {
          sql: `insert into schema_migrations (version, description, applied_at) values ($1, $2, $3)`,
          params: [migration.version, migration.description, Date.now()],
        },
      ])
      .catch((error: unknown) => {
        if (error instanceof Error && error.message.includes('already applied')) return
        throw error
      })
  }
  return newest
}
