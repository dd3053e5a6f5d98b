const utcFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'UTC',
})
const localFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' })

export function formatAbsolute(value: string, zone: 'local' | 'utc'): string {
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return value
  return zone === 'utc' ? `${utcFormat.format(date)} UTC` : localFormat.format(date)
}

export function Timestamp({ value }: { value: string }) {
  return <time dateTime={value}>{formatAbsolute(value, 'local')}</time>
}
