import { DEFAULT_INDEX } from '../../index/settings.ts'
import { DEFAULT_BUDGET } from '../../upstream/budget.ts'
import { DEFAULT_REUSE_MS } from '../../upstream/config.ts'
import { flag, number, text } from './kinds.ts'

const group = 'index'

/**
 * The index's own settings, under the names of its fields (index/settings.ts): `readSettings` hands them to it as
 * they are, so a DASHBOARD_INDEX_* variable declared here (and given a field there) needs no other change.
 */
export const indexSettings = {
  enabled: flag({
    name: 'DASHBOARD_INDEX',
    group,
    default: DEFAULT_INDEX.enabled ? '1' : '0',
    description:
      '0 turns the index off: no store, and the overview says it is off. The list, export and reschedules work ' +
      'without it; the audit trail, "Since you last looked" and watches need it.',
  }),
  refreshMs: number(
    {
      name: 'DASHBOARD_INDEX_REFRESH_MS',
      group,
      default: String(DEFAULT_INDEX.refreshMs),
      description:
        "How often a watched view's index reads its first pages and running executions for news, and the " +
        'shortest time between two of its verification walks, in ms. A view whose tabs refresh less often is ' +
        'read as often as they look, and up to four times less often while nothing changes.',
    },
    { min: 500, unit: 'milliseconds' },
  ),
  maxRows: number(
    {
      name: 'DASHBOARD_INDEX_MAX_ROWS',
      group,
      default: String(DEFAULT_INDEX.maxRows),
      description: 'The most executions one index keeps; past it, counts say "at least".',
    },
    { min: 1, unit: 'rows' },
  ),
  liveMinMs: number(
    {
      name: 'DASHBOARD_LIVE_MIN_MS',
      group,
      default: String(DEFAULT_INDEX.liveMinMs),
      description: 'The shortest refresh of a live view, in ms, whatever a browser asks for.',
    },
    { min: 200, unit: 'milliseconds' },
  ),
}

/** The rest of the group: where the index lives, and the budget its calls share with live views. */
export const storeSettings = {
  DASHBOARD_DATA_DIR: text({
    group,
    default: './data',
    description:
      "The index's embedded database (PGlite), git-ignored. One process per directory; a second one is " +
      'refused with the reason.',
  }),
  DATABASE_URL: text({
    group,
    description:
      'A PostgreSQL shared by several replicas (`postgresql://user:password@host:5432/dashboard`): one replica ' +
      'scans the API, the others read; the data directory is then unused.',
  }),
  DASHBOARD_UPSTREAM_BURST: number(
    {
      group,
      default: String(DEFAULT_BUDGET.burst),
      description:
        'The budget of calls the server makes to the API on its own (the index, live views, samples): a burst ' +
        "of this many. A person's own request never waits for it.",
    },
    { min: 1, unit: 'calls' },
  ),
  DASHBOARD_UPSTREAM_RATE: number(
    {
      group,
      default: String(DEFAULT_BUDGET.ratePerSecond),
      description: 'The same budget: calls a second on average.',
    },
    { min: 0.01, fraction: true, unit: 'calls a second' },
  ),
  DASHBOARD_REUSE_MS: number(
    {
      group,
      default: String(DEFAULT_REUSE_MS),
      description:
        "How long a read's answer answers the same read of the same credential again, in ms (0: never).",
    },
    { min: 0, unit: 'milliseconds' },
  ),
  DASHBOARD_STREAMS_PER_ADDRESS: number(
    {
      group,
      default: '50',
      description: 'The live streams (one per tab) one client address may hold.',
    },
    { min: 1, unit: 'streams' },
  ),
}
