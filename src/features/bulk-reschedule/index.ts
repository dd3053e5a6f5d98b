export { BulkBar } from './BulkBar'
export { useRowSelection } from './selection'
export { MatchingRescheduleDialog } from './MatchingReschedule'
export type { WindowedFilters } from './useDryRun'
