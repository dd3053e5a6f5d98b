import * as z from 'zod/mini'
import { ROUTE_NAMES, type Role, type RouteName } from '../../shared/api/routes.ts'
import { ROUTE_TABLE, type RouteDefinition } from '../../shared/api/table.ts'
import { VIEW_PARAMS } from '../../shared/api/view.ts'
import { DASHBOARD_ERROR_CODES, type DashboardErrorCode } from '../../shared/errorCodes.ts'
import { sendJson } from '../http/json.ts'
import type { RouteHandler } from './context.ts'

/*
 * GET /api/openapi.json: the dashboard's own API as an OpenAPI 3.1 document, generated from the route table, so a
 * script can use the counts, groups, the trail and exports as it uses the upstream API. Every route of the table
 * is in it with its role, parameters, body, answer and error codes.
 */
type JsonSchema = Record<string, unknown>

/** Codes any route of a role may answer, beyond its own. */
const ROLE_ERRORS: Record<Role, DashboardErrorCode[]> = {
  anyone: ['cross_site_refused', 'payload_too_large', 'unsupported_media_type', 'internal_error'],
  viewer: [
    'cross_site_refused',
    'not_signed_in',
    'session_expired',
    'payload_too_large',
    'unsupported_media_type',
    'internal_error',
  ],
  operator: [
    'cross_site_refused',
    'not_signed_in',
    'session_expired',
    'forbidden_role',
    'payload_too_large',
    'unsupported_media_type',
    'internal_error',
  ],
}

const ROLE_WORDS: Record<Role, string> = {
  anyone: 'Anyone may call it.',
  viewer: 'Needs a session (or the server’s token).',
  operator: 'Needs a session, and a user who may act (DASHBOARD_OPERATORS, DASHBOARD_VIEWERS).',
}

function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' })
  return rest
}

const parameter = (name: string, schema: z.core.$ZodType, required = false) => {
  const json = jsonSchema(schema, 'input')
  const { description, ...rest } = json
  const repeated = json.type === 'array'
  return {
    name,
    in: 'query',
    required,
    ...(typeof description === 'string' ? { description } : {}),
    schema: rest,
    ...(repeated ? { style: 'form', explode: true } : {}),
  }
}

function parametersOf(route: RouteDefinition) {
  const params: object[] = []
  if (route.path.includes('{id}'))
    params.push({ name: 'id', in: 'path', required: true, schema: { type: 'string' } })
  if (route.view)
    for (const [name, schema] of Object.entries(VIEW_PARAMS)) params.push(parameter(name, schema))
  if (route.query)
    for (const [name, schema] of Object.entries(route.query._zod.def.shape)) {
      const optional = schema._zod.optin === 'optional'
      params.push(parameter(name, schema, !optional))
    }
  return params
}

function contentOf(route: RouteDefinition) {
  if (route.answers === 'event-stream') return { 'text/event-stream': { schema: { type: 'string' } } }
  if (route.answers === 'file')
    return {
      'text/csv': { schema: { type: 'string' } },
      'application/x-ndjson': { schema: { type: 'string' } },
    }
  return { 'application/json': { schema: jsonSchema(route.answer, 'output') } }
}

function operationOf(name: RouteName, route: RouteDefinition) {
  const errors = [...new Set([...ROLE_ERRORS[route.role], ...route.errors])]
  return {
    operationId: name,
    summary: route.summary,
    description: ROLE_WORDS[route.role],
    'x-role': route.role,
    'x-error-codes': errors,
    security: route.role === 'anyone' ? [] : [{ session: [] }],
    parameters: parametersOf(route),
    ...(route.body
      ? {
          requestBody: {
            required: route.method !== 'GET',
            content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
          },
        }
      : {}),
    responses: {
      [String(route.status ?? 200)]: { description: 'The answer.', content: contentOf(route) },
      default: {
        description: `An error of the dashboard (or the API's, relayed): ${errors.join(', ')}.`,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    },
  }
}

/** The document, from the route table. */
export function openapiDocument(cookie = 'exec_dashboard_session') {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const name of ROUTE_NAMES) {
    const route: RouteDefinition = ROUTE_TABLE[name]
    const path = (paths[route.path] ??= {})
    path[route.method.toLowerCase()] = operationOf(name, route)
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Execution dashboard',
      version: '1',
      description:
        'The dashboard’s own API: counts, groups, the audit trail and exports from its index, and the Execution ' +
        'API’s three operations relayed. Errors carry a code (`error.code`) and say whether the dashboard or the ' +
        'API answered (`error.source`).',
    },
    servers: [{ url: '/api' }],
    paths,
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: cookie, description: 'POST /api/session signs in.' },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: {
                code: { type: 'string', enum: Object.keys(DASHBOARD_ERROR_CODES) },
                message: { type: 'string' },
                source: { type: 'string', enum: ['dashboard'] },
              },
            },
          },
        },
      },
    },
  }
}

export function openapiRoute(cookie?: string): RouteHandler<'openapi'> {
  let document: ReturnType<typeof openapiDocument> | null = null
  return ({ res }) => {
    document ??= openapiDocument(cookie)
    sendJson(res, 200, document)
    return Promise.resolve({ status: 200, route: 'openapi' })
  }
}
