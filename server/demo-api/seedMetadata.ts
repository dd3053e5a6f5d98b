import type { Random } from './random.ts'

export const PIPELINES_BY_TEAM: Readonly<Record<string, readonly string[]>> = {
  payments: ['invoice-export', 'settlement-sync', 'refund-batch'],
  search: ['index-rebuild', 'synonyms-refresh'],
  platform: ['deploy-api', 'cert-rotation', 'cache-warmup'],
  data: ['nightly-etl', 'backfill-orders', 'report-daily'],
  ml: ['model-training', 'feature-refresh'],
}

const TEAMS = Object.keys(PIPELINES_BY_TEAM)

const ENVS = [
  ['production', 5],
  ['staging', 3],
  ['development', 2],
] as const

const REGIONS = [
  ['eu-west-1', 4],
  ['us-east-1', 4],
  ['us-west-2', 2],
  ['ap-southeast-1', 1],
] as const

const TRIGGERS = [
  ['schedule', 5],
  ['manual', 2],
  ['webhook', 2],
  ['api', 1],
] as const

/** Always env, region, team and pipeline; `trigger` on about 60% of executions. */
export function randomMetadata(random: Random): Record<string, string> {
  const team = random.pick(TEAMS)
  const env = random.weighted(ENVS)
  const region = random.weighted(REGIONS)
  const pipeline = random.pick(PIPELINES_BY_TEAM[team] ?? ['adhoc'])
  // One literal per shape keeps every key inside the object (a million of them add up).
  if (!random.chance(0.6)) return { env, region, team, pipeline }
  return { env, region, team, pipeline, trigger: random.weighted(TRIGGERS) }
}
