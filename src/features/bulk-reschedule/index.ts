export { BulkBar } from './BulkBar'
export { useRowSelection } from './selection'
