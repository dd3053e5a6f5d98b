import { DEFAULT_UPSTREAM_TIMEOUT_MS } from '../../upstream/config.ts'
import { text } from './kinds.ts'

const group = 'api'

/** Read further by upstream/config.ts and upstream/upstreams.ts, which also read each entry of a list of APIs. */
export const apiSettings = {
  EXEC_API_URL: text({
    group,
    description:
      "The spec's `base_url`, including any path prefix, e.g. `https://host/some/prefix/v2`. Unset: " +
      '`npm run dev`/`preview` start the demo API; `npm start` refuses to start (unless asked for the demo).',
  }),
  EXEC_API_TOKEN: text({
    group,
    description:
      'Sent upstream as `Authorization: Bearer <token>`; must be an RFC 6750 bearer token (start-up stops ' +
      'otherwise, without printing it). Unset: users **sign in**, and each user’s token lives in a sealed cookie.',
  }),
  EXEC_API_TIMEOUT_MS: text({
    group,
    default: String(DEFAULT_UPSTREAM_TIMEOUT_MS),
    description:
      'Total deadline for one upstream answer (headers and body), in ms. Nothing by then: 504; an unreachable ' +
      'upstream: 502.',
  }),
  EXEC_API_UPSTREAMS: text({
    group,
    example:
      '[{"name":"prod","url":"https://prod/v2","token":"…","danger":true},{"name":"staging","url":"https://staging/v2"}]',
    description:
      'Several APIs in one dashboard, instead of `EXEC_API_URL`/`EXEC_API_TOKEN`: a JSON list of ' +
      '`{"name", "url", "token"?, "color"?, "danger"?, "links"?}`. Without a token, users sign in to that API. ' +
      "Each API's page is `/u/<name>/` (`/` is the first). See [Several APIs](operators-guide.md#several-apis).",
  }),
}
