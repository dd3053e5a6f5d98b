import type { IncomingMessage, ServerResponse } from 'node:http'
import { z } from 'zod'
import type { DemoContext } from './context.ts'
import { faultRuleSchema } from './faults.ts'
import { readingsSchema } from './readings.ts'
import { readJsonBody } from './requestBody.ts'
import { parseBody } from './requestSchemas.ts'
import { sendJson } from './respond.ts'
import { Router } from './router.ts'

export const CONTROL_PREFIX = '/__demo'

const simulationSchema = z.object(
  { running: z.boolean({ error: 'must be a boolean' }) },
  { error: 'must be a JSON object' },
)
const faultsSchema = z.object(
  { rules: z.array(faultRuleSchema, { error: 'must be an array of fault rules' }) },
  { error: 'must be a JSON object' },
)

const ok = (res: ServerResponse, body: unknown) => sendJson(res, 200, body)

/** /__demo/health: open (no token), GET and HEAD only, as before. */
export function isHealthCheck(req: IncomingMessage, path: string): boolean {
  const isPath = /^\/__demo\/health\/?$/i.test(path)
  return isPath && (req.method === 'GET' || req.method === 'HEAD')
}

/** Test hooks under /__demo (bearer token required); false when the path is none of them. */
export function createControlHandler(
  context: DemoContext,
): (req: IncomingMessage, res: ServerResponse, path: string) => Promise<boolean> {
  const simulationStatus = () => ({ running: context.simulation.running })
  const router = new Router()
    .add('/stats', { GET: (_req, res) => ok(res, context.stats.snapshot()) })
    .add('/stats/reset', {
      POST: (_req, res) => {
        context.stats.reset()
        ok(res, context.stats.snapshot())
      },
    })
    .add('/reset', {
      POST: (_req, res) => {
        context.reset()
        ok(res, { ok: true })
      },
    })
    .add('/simulation', {
      GET: (_req, res) => ok(res, simulationStatus()),
      PUT: async (req, res) => {
        const { running } = parseBody(simulationSchema, await readJsonBody(req))
        if (running) context.simulation.start()
        else context.simulation.stop()
        ok(res, simulationStatus())
      },
    })
    .add('/simulation/tick', { POST: (_req, res) => ok(res, context.simulation.tick()) })
    .add('/readings', {
      GET: (_req, res) => ok(res, context.readings),
      PUT: async (req, res) => {
        const readings = parseBody(readingsSchema, await readJsonBody(req))
        context.readings = { ...context.readings, ...readings }
        ok(res, context.readings)
      },
    })
    .add('/causes', { GET: (_req, res) => ok(res, { causes: context.store.seededCauses }) })
    .add('/faults', {
      GET: (_req, res) => ok(res, { rules: context.faults.list() }),
      POST: async (req, res) => {
        const { rules } = parseBody(faultsSchema, await readJsonBody(req))
        context.faults.add(rules)
        ok(res, { rules: context.faults.list() })
      },
      DELETE: (_req, res) => {
        context.faults.clear()
        ok(res, { rules: [] })
      },
    })
  return (req, res, path) => {
    const isUnder = path.toLowerCase().startsWith(`${CONTROL_PREFIX}/`)
    if (!isUnder) return Promise.resolve(false)
    return router.dispatch(req, res, path.slice(CONTROL_PREFIX.length))
  }
}
