/**
 * What a retried read says: "Rate limited; retrying in N s" for 429, else the failure's status and the attempt.
 * `secondsLeft` null: the countdown is not known yet (its part is still loading).
 */
export function retryWords(
  status: number | null | undefined,
  failureCount: number,
  secondsLeft: number | null,
): string {
  const when =
    secondsLeft === null ? 'retrying' : secondsLeft > 0 ? `retrying in ${secondsLeft} s` : 'retrying now'
  return status === 429
    ? `Rate limited; ${when}`
    : `The request failed${status ? ` (HTTP ${status})` : ''}; ${when} (attempt ${failureCount + 1})…`
}
