import { flag, text } from './kinds.ts'

const group = 'demo'

/**
 * Read further by the demo's own parsers (demo-api/options.ts, readings.ts), which its command-line flags share;
 * the defaults here are the demo's own (a test holds them equal).
 */
export const demoSettings = {
  DEMO_API_PORT: text({
    group,
    default: '4010',
    description:
      '`npm run demo-api` alone: its port (dev, preview and `--demo` pick a free port). Also `--port N`.',
  }),
  DEMO_API_TOKEN: text({
    group,
    default: 'demo-token',
    description:
      '`npm run demo-api` alone: the token it requires (dev, preview and `--demo` print the one they use).',
  }),
  DEMO_API_SIZE: text({
    group,
    default: '2400',
    description:
      'How many executions the demo seeds, 3 to 1,000,000 (the special ones among them). Also ' +
      '`npm run demo-api -- --size N`.',
  }),
  DEMO_API_FROZEN: flag({
    group,
    default: '0',
    description: '1: start the embedded demo API with its simulation stopped. Also `--frozen`.',
  }),
  DEMO_API_RESCHEDULE_ANSWER: text({
    group,
    default: 'spec',
    description:
      "The demo's reading of the reschedule answer: `spec` (200 `{data}`), `top-level`, `202`, `204`, " +
      '`new-execution`. Also `--reschedule-answer`.',
  }),
  DEMO_API_STATE_SPELLING: text({
    group,
    default: 'spec',
    description:
      "The demo's state spelling: `spec`, `upper` (`FAILED`, `SUCCEEDED`), `succeeded`. Also `--state-spelling`.",
  }),
  DEMO_API_MAX_PAGE: text({
    group,
    default: '100',
    description:
      'The largest `page.first` (and `page.last`) the demo accepts; above it, a 400 naming the limit. Also ' +
      '`--max-page N`.',
  }),
  DEMO_API_CAUSES: text({
    group,
    default: '0',
    description:
      '1: seed failure causes on top of the data (region `ap-south-1` failing fast, a burst about six ' +
      'hours ago, late failures after 4–5 long attempts, and an incident in production in the last hour: ' +
      'pipeline `settlement-sync` failing fast beside `cert-rotation` failing late); `GET /__demo/causes` ' +
      'lists their ids. Also `--causes`.',
  }),
}
