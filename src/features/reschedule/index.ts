export { RescheduleButton } from './RescheduleButton'
export { RescheduleProvider } from './RescheduleProvider'
