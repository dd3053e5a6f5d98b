/** `exec-very-long…-tail`: keeps both ends of a long id, where ids usually differ. */
export function middleTruncate(text: string, maxLength = 40): string {
  if (text.length <= maxLength) return text
  const keep = maxLength - 1
  const head = Math.ceil(keep / 2)
  return `${text.slice(0, head)}…${text.slice(text.length - (keep - head))}`
}
