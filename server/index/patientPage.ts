/*
 * How the index asks the API for a page: it waits where the API says wait (a 429, a 5xx, no answer: the budget
 * paces the next try by Retry-After or its back-off) and goes on from the same cursor; it asks for a smaller page
 * where the API says smaller (a 400 that names the page, or a page that takes too long) and remembers the size;
 * anything else is the API refusing the request, quoted as it said it.
 */
import type { WalkPage } from '../../shared/listWalker.ts'
import type { ApiRow } from '../upstream/listPage.ts'
import { UpstreamFailure } from '../upstream/request.ts'

/** Page sizes tried, largest first, down to the smallest the list itself offers. */
export const PAGE_SIZES = [1000, 500, 200, 100, 50, 20, 10] as const
/** Tries of one page the API keeps limiting (429), before the walk gives up on it: it said wait, not no. */
export const MAX_WAITS = 30
/** Tries of one page the API keeps failing (5xx, no answer): the budget's back-off makes them 1, 2 and 4 s apart. */
export const MAX_FAILURE_WAITS = 3

const LIMIT_HINT =
  /(?:at most|maximum(?: of)?|max(?:imum)?(?: page size)?(?: is)?|<=|less than or equal to|up to)\s*(\d{1,6})/i
/** Words by which a refusal says it is about the page's size. */
const NAMES_THE_PAGE = /\bpage\b|\bfirst\b|\bsize\b|\blimit\b|too (?:many|large|big)|\bat most\b|\bmaximum\b/i

export type Trouble =
  | { kind: 'wait'; reason: string; limited: boolean }
  /** `slow`: the page took too long (not refused): a smaller one, for a while (upstreamFacts.ts). */
  | { kind: 'smaller'; reason: string; hinted: number | null; slow: boolean }
  | { kind: 'refused'; reason: string }

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** What a failed page asks of the walk: to wait and ask again, to ask for less, or to stop. */
export function troubleOf(error: unknown): Trouble {
  const reason = reasonOf(error)
  if (!(error instanceof UpstreamFailure)) return { kind: 'refused', reason }
  if (error.code === 'upstream_timeout') return { kind: 'smaller', reason, hinted: null, slow: true }
  if (error.code === 'upstream_unreachable') return { kind: 'wait', reason, limited: false }
  if (error.code !== 'upstream_error') return { kind: 'refused', reason }
  if (error.status === 429) return { kind: 'wait', reason, limited: true }
  if (error.status >= 500) return { kind: 'wait', reason, limited: false }
  // Only a refusal that names the page (or gives no reason at all) is about its size.
  const said = /HTTP \d{3}(?:: (.*))?/.exec(reason)?.[1] ?? ''
  if ((error.status === 400 || error.status === 422) && (said === '' || NAMES_THE_PAGE.test(said))) {
    const hinted = Number(LIMIT_HINT.exec(said)?.[1])
    return {
      kind: 'smaller',
      reason,
      hinted: Number.isInteger(hinted) && hinted >= 1 ? hinted : null,
      slow: false,
    }
  }
  return { kind: 'refused', reason }
}

/** The next size to try below `current`: the limit the API named, else the next of PAGE_SIZES; null at the bottom. */
export function smallerSize(current: number, hinted: number | null): number | null {
  if (hinted !== null && hinted < current) return hinted
  return PAGE_SIZES.find((size) => size < current) ?? null
}

/** The walk gives up on a page: the API refused, or kept saying wait, or refused every size down to the smallest. */
export class PageRefused extends Error {}

export interface PatientAsk {
  /** One try of the page at `first` rows. */
  ask: (first: number) => Promise<WalkPage<ApiRow>>
  /** The size to start from. */
  first: number
  /** Told each smaller size to ask for next, and whether the larger one was refused or only too slow. */
  onSmaller?: (size: number, slow: boolean) => void
  /** Told each wait, with the API's words; and when the page came (null). */
  onWait?: (reason: string | null) => void
  /** Waits allowed on a 429 (on a failure, at most MAX_FAILURE_WAITS): 0 for a read asked again later anyway. */
  maxWaits?: number
}

/** One page with patience; the page and the size that brought it. */
export async function patientPage(options: PatientAsk): Promise<{ page: WalkPage<ApiRow>; first: number }> {
  const maxWaits = options.maxWaits ?? MAX_WAITS
  const tried: number[] = []
  let first = options.first
  let waits = 0
  for (;;) {
    try {
      const page = await options.ask(first)
      if (waits > 0) options.onWait?.(null)
      return { page, first }
    } catch (error) {
      const trouble = troubleOf(error)
      if (trouble.kind === 'refused') throw new PageRefused(trouble.reason)
      if (trouble.kind === 'wait') {
        waits += 1
        if (waits > (trouble.limited ? maxWaits : Math.min(maxWaits, MAX_FAILURE_WAITS)))
          throw new PageRefused(trouble.reason)
        options.onWait?.(trouble.reason)
        continue
      }
      tried.push(first)
      const next = smallerSize(first, trouble.hinted)
      if (next === null) {
        throw new PageRefused(
          `the API refused every page size tried (${tried.join(', ')}); it last said: ${trouble.reason}`,
        )
      }
      first = next
      options.onSmaller?.(first, trouble.slow)
    }
  }
}
