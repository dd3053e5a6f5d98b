import express from 'express'
import type { Request, Response, Router } from 'express'
import { z } from 'zod'
import type { DemoContext } from './context.ts'
import { methodNotAllowed } from './errors.ts'
import { faultRuleSchema } from './faults.ts'
import { readingsSchema } from './readings.ts'
import { readJsonBody } from './requestBody.ts'
import { parseBody } from './requestSchemas.ts'

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
type Handler = (req: Request, res: Response) => void | Promise<void>

const simulationSchema = z.object(
  { running: z.boolean({ error: 'must be a boolean' }) },
  { error: 'must be a JSON object' },
)
const faultsSchema = z.object(
  { rules: z.array(faultRuleSchema, { error: 'must be an array of fault rules' }) },
  { error: 'must be a JSON object' },
)

/** Test hooks under /__demo (bearer token required, except /__demo/health mounted separately). */
export function createControlRouter(context: DemoContext): Router {
  const router = express.Router()
  const route = (path: string, handlers: Partial<Record<Method, Handler>>) => {
    router.all(path, async (req, res) => {
      const handler = handlers[req.method as Method]
      if (!handler) throw methodNotAllowed(req.method, Object.keys(handlers))
      await handler(req, res)
    })
  }
  const simulationStatus = () => ({ running: context.simulation.running })

  route('/stats', { GET: (_req, res) => void res.json(context.stats.snapshot()) })
  route('/stats/reset', {
    POST: (_req, res) => {
      context.stats.reset()
      res.json(context.stats.snapshot())
    },
  })
  route('/reset', {
    POST: (_req, res) => {
      context.reset()
      res.json({ ok: true })
    },
  })
  route('/simulation', {
    GET: (_req, res) => void res.json(simulationStatus()),
    PUT: async (req, res) => {
      const { running } = parseBody(simulationSchema, await readJsonBody(req, res))
      if (running) context.simulation.start()
      else context.simulation.stop()
      res.json(simulationStatus())
    },
  })
  route('/simulation/tick', { POST: (_req, res) => void res.json(context.simulation.tick()) })
  route('/readings', {
    GET: (_req, res) => void res.json(context.readings),
    PUT: async (req, res) => {
      const readings = parseBody(readingsSchema, await readJsonBody(req, res))
      context.readings = { ...context.readings, ...readings }
      res.json(context.readings)
    },
  })
  route('/faults', {
    GET: (_req, res) => void res.json({ rules: context.faults.list() }),
    POST: async (req, res) => {
      const { rules } = parseBody(faultsSchema, await readJsonBody(req, res))
      context.faults.add(rules)
      res.json({ rules: context.faults.list() })
    },
    DELETE: (_req, res) => {
      context.faults.clear()
      res.json({ rules: [] })
    },
  })
  return router
}
