export { AuditButton } from './AuditButton'
export { LazyAuditView } from './LazyAuditView'
