import { parseLinkTemplates } from '../../../shared/linkTemplates.ts'
import { DEFAULT_EXPORT_MAX_ROWS } from '../../routes/exportLimits.ts'
import { httpUrl, number, variable } from './kinds.ts'

const group = 'features'

export const featureSettings = {
  DASHBOARD_EXPORT_MAX_ROWS: number(
    {
      group,
      default: String(DEFAULT_EXPORT_MAX_ROWS),
      description:
        'The most rows one export (of executions or of the audit trail) streams. Past it the file ends with a ' +
        'line saying it was cut.',
    },
    { min: 1, unit: 'rows' },
  ),
  DASHBOARD_AUDIT_DAYS: number(
    {
      group,
      default: '90',
      description:
        'How long the audit trail keeps records of reschedules, and acknowledgements, in days. The trail lives ' +
        'in the store, so `DASHBOARD_INDEX=0` turns it off too.',
    },
    { min: 1, unit: 'days' },
  ),
  DASHBOARD_DIGEST_AWAY_MS: number(
    {
      group,
      default: '60000',
      description:
        'How long away from a view (a hidden tab, a closed page) before "Since you last looked" shows on ' +
        'return, in ms. 0 shows it after any absence.',
    },
    { min: 0, unit: 'milliseconds' },
  ),
  DASHBOARD_WEBHOOK_URL: variable(
    {
      group,
      example: 'https://hooks.slack.com/services/…',
      description:
        'Where the server posts each notice of a watch, as Slack-compatible JSON (`{"text": …}`), once per ' +
        'notice whatever the replicas; up to 3 tries. Unset: none. A secret: never logged or sent to a ' +
        'browser. Start-up refuses one that is not `http(s)` (without repeating it).',
    },
    // Without the value: a webhook's address is a secret.
    (given): string | null =>
      httpUrl(given, 'must be an http(s) URL such as https://hooks.slack.com/services/…').href,
    null,
  ),
  DASHBOARD_LINKS: variable(
    {
      group,
      example: '[{"label":"Logs","url":"https://logs.example/search?q={id}&from={from_ms}&to={to_ms}"}]',
      description:
        'Log and trace links: a JSON list of `{"label", "url"}` whose url names `{id}`, `{attempt.id}`, ' +
        '`{created_at}`, `{updated_at}`, `{from}`, `{to}` (each also as `{…_ms}`, epoch milliseconds) and ' +
        '`{metadata.KEY}`; values URL-encoded, times in UTC. A template naming `{attempt.id}` is a link per ' +
        'attempt. Start-up refuses one that does not start with `http(s)://` and a host, or names an unknown ' +
        'value. See [Log and trace links](operators-guide.md#log-and-trace-links).',
    },
    parseLinkTemplates,
    [],
  ),
  DASHBOARD_LINKS_MARGIN_MS: number(
    {
      group,
      default: String(5 * 60_000),
      description:
        'How far `{from}`/`{to}` reach before and after the execution (or attempt) they cover, in ms (5 minutes).',
    },
    { min: 0, unit: 'milliseconds' },
  ),
}
