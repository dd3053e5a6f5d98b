export { AuditButton } from './AuditButton'
