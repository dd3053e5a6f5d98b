import type { LinkSettings } from '../../shared/linkTemplates.ts'
import { sendJson } from '../http/json.ts'
import type { RouteHandler } from './context.ts'

/** GET /api/links: the log and trace link templates (DASHBOARD_LINKS), which the browser builds per execution. */
export function linksRoute(settings: LinkSettings): RouteHandler<'links'> {
  return ({ res }) => {
    res.setHeader('Cache-Control', 'no-store')
    sendJson(res, 200, settings)
    return Promise.resolve({ status: 200, route: 'links' })
  }
}
