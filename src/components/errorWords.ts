/* What a failed or retried call shows, in words for every error code the dashboard knows: one chunk, loaded then. */
export { ApiErrorPanel } from './ApiErrorPanel'
export { RetryCountdown } from './RetryNotice'
