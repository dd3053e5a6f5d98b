export { ExecutionsPage } from './ExecutionsPage'
export type { RowSelection } from './grid/rowSelection'
export { EXECUTIONS_TABLE_ID } from './grid/ExecutionsTable'
export { preloadListControls } from './list/LazyControls'
