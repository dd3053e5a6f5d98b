/**
 * A small button's look-alike that holds its place (same box, dimmed) until the real one is there, so a row does
 * not grow or move when it arrives. Hidden from assistive technology, and it does nothing.
 */
export function PendingButton({ label }: { label: string }) {
  return (
    <span className="button button-small button-pending" aria-hidden="true">
      {label}
    </span>
  )
}
