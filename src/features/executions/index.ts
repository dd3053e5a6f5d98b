export { ExecutionsPage } from './ExecutionsPage'
export type { RowSelection } from './rowSelection'
export { parseExecutionSearch } from './executionSearch'
export { EXECUTIONS_TABLE_ID } from './ExecutionsTable'
