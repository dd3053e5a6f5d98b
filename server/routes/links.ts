import type { LinkSettings } from '../../shared/linkTemplates.ts'
import { sendJson } from '../http/json.ts'
import type { OwnRoute } from './api.ts'

export const LINKS_PATH = '/links'

/** GET /api/links: the log and trace link templates (DASHBOARD_LINKS), which the browser builds per execution. */
export function linksRoute(settings: LinkSettings): OwnRoute {
  return (_req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    sendJson(res, 200, settings)
    return Promise.resolve({ status: 200, route: 'links' })
  }
}
