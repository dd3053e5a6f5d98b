import { lazy, Suspense, type ComponentProps } from 'react'

const tools = () => import('./DashboardTools')

/** Starts loading the tools (at app start, in parallel with the session and the first list call). */
export const preloadDashboardTools = () => void tools()

const LazyHeaderTools = lazy(async () => ({ default: (await tools()).HeaderTools }))
const LazyLinkTools = lazy(async () => ({ default: (await tools()).LinkTools }))
const LazyBulkTools = lazy(async () => ({ default: (await tools()).BulkTools }))

/** The header's session line and theme; until they load, the session line's place is kept. */
export function HeaderTools() {
  return (
    <Suspense fallback={<div className="session-status" />}>
      <LazyHeaderTools />
    </Suspense>
  )
}

export function LinkTools(props: ComponentProps<typeof LazyLinkTools>) {
  return (
    <Suspense fallback={null}>
      <LazyLinkTools {...props} />
    </Suspense>
  )
}

export function BulkTools(props: ComponentProps<typeof LazyBulkTools>) {
  return (
    <Suspense fallback={null}>
      <LazyBulkTools {...props} />
    </Suspense>
  )
}
