export { SessionGate } from './SessionGate'
export { SessionStatus } from './SessionStatus'
