import { readFilterParams } from '../../shared/filterCodec'
import { readWindowParams } from '../../shared/timeWindow'

/**
 * What in a link's filters and time window could not be used. The list shows its rows without them and says
 * so; an action on "everything matching" (an export, a bulk reschedule) refuses instead, since it would act
 * on more than the link asks for.
 */
export function linkFilterProblems(search: string): string[] {
  const params = new URLSearchParams(search)
  return [...readFilterParams(params).problems, ...readWindowParams(params).problems]
}

export function describeLinkProblems(problems: readonly string[]): string {
  return `This link's filters could not all be used (${problems.join('; ')}), so this would not act on what it asks for. Fix or clear the filters first.`
}
