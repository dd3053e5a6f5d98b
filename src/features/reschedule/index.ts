export { RescheduleButton } from './RescheduleButton'
