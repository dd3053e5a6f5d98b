import { createContext, useContext, useSyncExternalStore, type ComponentType, type ReactNode } from 'react'

/** A function component's props. */
type PropsOf<C> = C extends (props: infer P) => ReactNode ? P : never

/**
 * Whether what waits for the first screen may load: the app provides it once (`useFirstScreenGate`: the first
 * screen is shown, or it was slow past a grace; decisions 32 and 36); without a provider (a test of one part), yes.
 */
export const FirstScreenShownContext = createContext(true)

/** A module loader whose parts wait until the first screen is shown: what the first table does without. */
export type AfterFirstScreen<M> = (() => Promise<M>) & { afterFirstScreen: true }

/**
 * Marks a loader as the first screen's to wait for: its parts show their fallback until the first rows (or the
 * sign-in form) are drawn, or a slow first screen's grace has passed, then load, so its chunk is not fetched beside the first screen's (issue 49 §1).
 */
export const afterFirstScreen = <M,>(load: () => Promise<M>): AfterFirstScreen<M> =>
  Object.assign(() => load(), { afterFirstScreen: true as const })

/**
 * A module that loads lazily (a chunk the first load does without), as a hook: null until the module is there,
 * then the module; every caller shares its one load. A module that fails to load throws to the error boundary.
 * Call it once for a whole list, not in each row: each caller is a subscription.
 */
export function lazyModule<M>(load: () => Promise<M>): (now?: boolean) => M | null {
  let outcome: { module: M } | { failure: unknown } | null = null
  let loading: Promise<void> | null = null
  const listeners = new Set<() => void>()
  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    // Told once, when the load ends; a caller that subscribes later already read the outcome (React checks the
    // snapshot again after subscribing).
    loading ??= load()
      .then(
        (module) => {
          outcome = { module }
        },
        (failure: unknown) => {
          outcome = { failure }
        },
      )
      .then(() => {
        for (const notify of listeners) notify()
      })
    return () => listeners.delete(listener)
  }
  // A loader that waits for the first screen is only listened to until then; shown, the hook subscribes again
  // with `subscribe`, which loads.
  const listen = (listener: () => void) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }
  const waits = 'afterFirstScreen' in load
  const snapshot = () => outcome
  /** `now`: load without waiting for the first screen (a view whose first screen is this module's). */
  return function useLazyModule(now = false) {
    const shown = useContext(FirstScreenShownContext)
    const loaded = useSyncExternalStore(waits && !shown && !now ? listen : subscribe, snapshot, snapshot)
    if (loaded === null) return null
    if ('failure' in loaded) throw loaded.failure
    return loaded.module
  }
}

/**
 * One component of a module that loads lazily: `fallback` (or nothing) until the module is there, then the
 * component. Several parts of one module share its one load.
 *
 * Not React.lazy with Suspense: a Suspense boundary that showed its fallback reveals its content only after
 * React's throttle (about 300 ms), so a part whose chunk was preloaded at start still came a beat after the
 * list. Here the part appears in the render after its module resolves. The fallback is a plain placeholder,
 * so swapping it for the component loses no state.
 */
export function lazyPart<M extends Record<K, (props: never) => ReactNode>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  fallback: ReactNode = null,
): (props: PropsOf<M[K]>) => ReactNode {
  const useLoaded = lazyModule(load)
  return function LazyPart(props: PropsOf<M[K]>) {
    const module = useLoaded()
    if (module === null) return fallback
    const Component = module[name] as unknown as ComponentType<object>
    return <Component {...(props as object)} />
  }
}
