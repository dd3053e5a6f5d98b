/*
 * server/ in layers, as lint rules: each layer names the layers it may import, static or dynamic `import()`.
 * Lower layers know nothing of higher ones; `app/` (the one composition root) and the entry points at the top
 * of server/ may import any layer; tests and test kits may too.
 */
export const SERVER_LAYERS = {
  http: [],
  store: [],
  upstream: [],
  auth: ['http', 'upstream'],
  index: ['upstream', 'store', 'auth'],
  live: ['upstream', 'index', 'auth'],
  audit: ['http', 'auth', 'upstream', 'store'],
  triage: ['audit', 'index', 'store', 'upstream'],
  watch: ['auth', 'index', 'store'],
  routes: ['http', 'auth', 'upstream', 'index', 'live', 'store', 'audit', 'triage', 'watch'],
  app: ['http', 'auth', 'upstream', 'index', 'live', 'routes', 'store', 'audit', 'triage', 'watch'],
}
const OTHER_FOLDERS = ['testing', 'integration']

const restriction = (regex, message) => ({ regex, message })
export const SERVER_TO_SRC = restriction(
  '^(\\.\\./)+src(/|$)',
  'server/ never imports the browser code in src/; what both sides share is in shared/.',
)
export const TO_DEMO_API = restriction(
  '(^|/)demo-api(/|$)',
  'Only the dev-server plugin (through resolveUpstream.ts) and tests import the demo API.',
)

function layerRules(layer, allowed) {
  const forbidden = [...Object.keys(SERVER_LAYERS), ...OTHER_FOLDERS].filter(
    (name) => name !== layer && !allowed.includes(name),
  )
  const regex = `^\\.\\./(${forbidden.join('|')})(/|$)`
  const message = `server/${layer}/ may import ${allowed.length ? allowed.map((name) => `${name}/`).join(', ') : 'no other server layer'} (see eslint.server-layers.js).`
  const dynamic = regex.replaceAll('/', '\\x2F')
  return {
    files: [`server/${layer}/**/*.ts`],
    ignores: ['server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [restriction(regex, message), SERVER_TO_SRC, TO_DEMO_API] },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: `ImportExpression[source.value=/${dynamic}/]`, message },
        {
          selector: `ImportExpression[source.value=/(^|\\x2F)demo-api(\\x2F|$)/]`,
          message: TO_DEMO_API.message,
        },
      ],
    },
  }
}

export const serverLayers = Object.entries(SERVER_LAYERS).map(([layer, allowed]) =>
  layerRules(layer, allowed),
)
