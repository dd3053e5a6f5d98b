export { BulkBar, useRowSelection } from './BulkBar'
