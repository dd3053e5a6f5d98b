import type { UpstreamList } from '../../shared/upstreams.ts'
import { sendJson } from '../http/json.ts'
import type { RouteHandler } from './context.ts'

/** GET /api/upstreams: which APIs there are (never a token). */
export function upstreamsRoute(list: UpstreamList): RouteHandler<'upstreams'> {
  return ({ res }) => {
    sendJson(res, 200, list)
    return Promise.resolve({ status: 200, route: 'upstreams' })
  }
}
