import { lazy, Suspense, type ComponentType, type ReactNode } from 'react'

/** A function component's props. */
type PropsOf<C> = C extends (props: infer P) => ReactNode ? P : never

/**
 * One component of a module that loads lazily (a chunk the first load does without), drawn in its own
 * Suspense boundary: nothing, or `fallback`, until the module is there. Several parts of one module share
 * its one load.
 */
export function lazyPart<M extends Record<K, (props: never) => ReactNode>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  fallback: ReactNode = null,
): (props: PropsOf<M[K]>) => ReactNode {
  // The module's component takes exactly the props this part passes on.
  const Part = lazy(async () => ({ default: (await load())[name] as unknown as ComponentType<object> }))
  return function LazyPart(props: PropsOf<M[K]>) {
    return (
      <Suspense fallback={fallback}>
        <Part {...(props as object)} />
      </Suspense>
    )
  }
}
