export { RescheduleButton } from './RescheduleButton'
export { RescheduleProvider, useOpenReschedule } from './RescheduleProvider'
export type { OpenReschedule } from './RescheduleProvider'
