import { useSyncExternalStore, type ComponentType, type ReactNode } from 'react'

/** A function component's props. */
type PropsOf<C> = C extends (props: infer P) => ReactNode ? P : never

/**
 * One component of a module that loads lazily (a chunk the first load does without): `fallback` (or nothing)
 * until the module is there, then the component. Several parts of one module share its one load.
 *
 * Not React.lazy with Suspense: a Suspense boundary that showed its fallback reveals its content only after
 * React's throttle (about 300 ms), so a part whose chunk was preloaded at start still came a beat after the
 * list. Here the part appears in the render after its module resolves. The fallback is a plain placeholder,
 * so swapping it for the component loses no state. A module that fails to load throws to the error boundary.
 */
export function lazyPart<M extends Record<K, (props: never) => ReactNode>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  fallback: ReactNode = null,
): (props: PropsOf<M[K]>) => ReactNode {
  let outcome: { component: ComponentType<object> } | { failure: unknown } | null = null
  let loading: Promise<void> | null = null
  const listeners = new Set<() => void>()
  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    loading ??= load().then(
      (module) => {
        outcome = { component: module[name] as unknown as ComponentType<object> }
      },
      (failure: unknown) => {
        outcome = { failure }
      },
    )
    void loading.then(() => {
      for (const notify of listeners) notify()
    })
    return () => listeners.delete(listener)
  }
  const snapshot = () => outcome
  return function LazyPart(props: PropsOf<M[K]>) {
    const loaded = useSyncExternalStore(subscribe, snapshot, snapshot)
    if (loaded === null) return fallback
    if ('failure' in loaded) throw loaded.failure
    const Component = loaded.component
    return <Component {...(props as object)} />
  }
}
