import * as z from 'zod/mini'
import { readFilterParams, METADATA_PREFIX, STATE_PARAM } from '../filterCodec.ts'
import type { ListFilters } from '../filters.ts'
import { readWindowParams, WINDOW_PRESETS, type TimeWindow } from '../timeWindow.ts'

/*
 * A view (its filters and time window) as the routes that count, list or watch it take it in their query:
 * `state=failed&m.env=production&window=1h`, read by the page URL's own codecs (filterCodec, timeWindow), so a
 * view means the same in the address bar and on the server.
 */
export interface ViewRead {
  view: { filters: ListFilters; window: TimeWindow }
  /** What could not be read, in words, filters first. */
  problems: string[]
  /** Only a filter was refused (too long, too many): nothing about the request's form was wrong. */
  filtersOnly: boolean
}

/** Never throws: what cannot be read is said in `problems`. */
export function readViewParams(params: URLSearchParams): ViewRead {
  const { filters, problems: filterProblems } = readFilterParams(params)
  const { window, problems: windowProblems } = readWindowParams(params)
  return {
    view: { filters, window },
    problems: [...filterProblems, ...windowProblems],
    filtersOnly: windowProblems.length === 0,
  }
}

/** The view's parameters as the OpenAPI document describes them (the codecs above read them). */
export const VIEW_PARAMS = {
  [STATE_PARAM]: z
    .optional(z.array(z.string()))
    .check(z.meta({ description: 'States (any spelling of a state means it); repeat for several.' })),
  [`${METADATA_PREFIX}{key}`]: z
    .optional(z.array(z.string()))
    .check(z.meta({ description: 'A metadata filter: `m.env=production`; repeat for several values.' })),
  window: z
    .optional(z.enum([...WINDOW_PRESETS, 'any']))
    .check(
      z.meta({ description: 'The last 15 minutes to 7 days; with `from`/`to` instead, a fixed range.' }),
    ),
  from: z
    .optional(z.iso.datetime({ offset: true }))
    .check(z.meta({ description: 'Start of a fixed range.' })),
  to: z.optional(z.iso.datetime({ offset: true })).check(z.meta({ description: 'End of a fixed range.' })),
  on: z
    .optional(z.enum(['created', 'updated']))
    .check(z.meta({ description: 'Which time the window is on (created_at by default).' })),
}
