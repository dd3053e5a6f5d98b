import { parseArgs } from 'node:util'
import { startDemoApi } from './index.ts'
import { parseDemoCauses, parseDemoMaxPage, parseDemoRecent, parseDemoSize } from './options.ts'
import { readingsSchema } from './readings.ts'

const USAGE = `Usage: tsx server/demo-api/main.ts [--port N] [--host HOST] [--frozen] [--size N] [--max-page N] [--causes] [--recent N]
  [--reschedule-answer spec|top-level|202|204|new-execution] [--state-spelling spec|upper|succeeded]
Environment: DEMO_API_PORT (default 4010), DEMO_API_TOKEN (default demo-token), DEMO_API_SIZE (default 2400),
  DEMO_API_MAX_PAGE (largest page.first/page.last, default 100),
  DEMO_API_CAUSES=1 (seed three failure causes on top; ground truth at GET /__demo/causes);
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

  const api = await startDemoApi({
    port: parsePort(values.port ?? process.env.DEMO_API_PORT ?? '4010'),
    host: values.host ?? '127.0.0.1',
    token: process.env.DEMO_API_TOKEN || undefined,
    simulate: !values.frozen,
    executionCount: parseDemoSize(values.size ?? process.env.DEMO_API_SIZE),
    maxPageSize: parseDemoMaxPage(values['max-page'] ?? process.env.DEMO_API_MAX_PAGE),
    causes: values.causes || parseDemoCauses(process.env.DEMO_API_CAUSES),
    recentCount: parseDemoRecent(values.recent),
    readings: readingsSchema.parse({
      rescheduleAnswer: values['reschedule-answer'],
      stateSpelling: values['state-spelling'],
    }),
  })
  console.log(`Demo Execution API listening at ${api.url} (token: ${api.token})`)
  if (values.frozen) console.log('Simulation frozen')
  if (values.causes) console.log('Failure causes seeded: GET /__demo/causes lists them')

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
