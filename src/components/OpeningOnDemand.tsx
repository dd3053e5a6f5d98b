import { Suspense, type ReactNode } from 'react'

/** A dialog whose code loads on first use: says so, as a status, while it comes. */
export function OpeningOnDemand({ children }: { children: ReactNode }) {
  return <Suspense fallback={<span role="status">Opening…</span>}>{children}</Suspense>
}
