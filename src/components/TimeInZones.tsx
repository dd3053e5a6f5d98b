import { formatAbsolute } from './timeText'

/** A time's tooltip text: the instant in this browser's zone and in UTC. */
export function TimeInZones({ value }: { value: string }) {
  return (
    <>
      <span>Local: {formatAbsolute(value, 'local')}</span>
      <span>UTC: {formatAbsolute(value, 'utc')}</span>
    </>
  )
}
