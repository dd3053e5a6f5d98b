import { parseArgs } from 'node:util'
import { startDemoApi } from './index.ts'
import { parseDemoCauses, parseDemoMaxPage, parseDemoRecent, parseDemoSize } from './options.ts'
import { readingsSchema } from './readings.ts'
import { demoSettings } from '../app/settings/demo.ts'
import { readVariables } from '../app/settings/kinds.ts'

const USAGE = `Usage: tsx server/demo-api/main.ts [--port N] [--host HOST] [--frozen] [--size N] [--max-page N] [--causes] [--recent N]
  [--reschedule-answer spec|top-level|202|204|new-execution] [--state-spelling spec|upper|succeeded]
Environment: DEMO_API_PORT (default 4010), DEMO_API_TOKEN (default demo-token), DEMO_API_SIZE (default 2400),
  DEMO_API_MAX_PAGE (largest page.first/page.last, default 100), DEMO_API_FROZEN=1,
  DEMO_API_CAUSES=1 (seed failure causes on top, an incident in the last hour among them; ground truth at GET /__demo/causes),
  DEMO_API_RESCHEDULE_ANSWER, DEMO_API_STATE_SPELLING (the flags win over them; docs/configuration.md);
  --recent N: exactly N executions created in the last hour (50 to 10 minutes before start-up), the rest before it`

function parsePort(text: string): number {
  const port = Number(text)
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid port: ${text}`)
  return port
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      frozen: { type: 'boolean', default: false },
      size: { type: 'string' },
      'max-page': { type: 'string' },
      causes: { type: 'boolean', default: false },
      recent: { type: 'string' },
      'reschedule-answer': { type: 'string' },
      'state-spelling': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  })
  if (values.help) {
    console.log(USAGE)
    return
  }

  const env = readVariables(process.env, demoSettings)
  const frozen = values.frozen || env.DEMO_API_FROZEN
  const causes = values.causes || (parseDemoCauses(env.DEMO_API_CAUSES) ?? false)
  const api = await startDemoApi({
    port: parsePort(values.port ?? env.DEMO_API_PORT),
    host: values.host ?? '127.0.0.1',
    token: env.DEMO_API_TOKEN,
    simulate: !frozen,
    executionCount: parseDemoSize(values.size ?? env.DEMO_API_SIZE),
    maxPageSize: parseDemoMaxPage(values['max-page'] ?? env.DEMO_API_MAX_PAGE),
    causes,
    recentCount: parseDemoRecent(values.recent),
    readings: readingsSchema.parse({
      rescheduleAnswer: values['reschedule-answer'] ?? env.DEMO_API_RESCHEDULE_ANSWER,
      stateSpelling: values['state-spelling'] ?? env.DEMO_API_STATE_SPELLING,
    }),
  })
  console.log(`Demo Execution API listening at ${api.url} (token: ${api.token})`)
  if (frozen) console.log('Simulation frozen')
  if (causes) console.log('Failure causes seeded: GET /__demo/causes lists them')

  const shutdown = (signal: NodeJS.Signals) => {
    console.log(`Received ${signal}, shutting down`)
    api.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  }
  process.once('SIGINT', shutdown)
  process.once('SIGTERM', shutdown)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  console.error(USAGE)
  process.exit(1)
})
