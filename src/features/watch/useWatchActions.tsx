import { visibleText } from '../../../shared/visibleText'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { addWatch, stopWatch, watchesQuery, watchKeys, type NewWatch, type Watch } from '../../api/watches'
import { useAnnounce } from '../../components/Announcer'
import { describeApiError } from '../../components/describeApiError'

/** The user's watches (null while unknown or on a server without the index: nothing to offer then). */
export function useWatches() {
  const query = useQuery(watchesQuery())
  return { list: query.data ?? null, error: query.error }
}

/**
 * Watch and stop watching, each one request per click (the button waits for the answer). The list comes back
 * through the watch stream; asked for again too, for a tab whose stream is not open.
 */
export function useWatchActions() {
  const client = useQueryClient()
  const announce = useAnnounce()
  const settled = () => void client.invalidateQueries({ queryKey: watchKeys.all })
  const fail = (what: string) => (error: unknown) =>
    announce(`Could not ${what}: ${describeApiError(error).message}`, 'error')
  const add = useMutation({
    mutationFn: (watch: NewWatch) => addWatch(watch),
    onSuccess: (watch) =>
      announce(
        <>
          Watching <bdi>{visibleText(watch.label)}</bdi>. You will be told when it changes.
        </>,
      ),
    onError: fail('watch it'),
    onSettled: settled,
  })
  const stop = useMutation({
    mutationFn: (watch: Watch) => stopWatch(watch.id),
    onSuccess: (_answer, watch) =>
      announce(
        <>
          Stopped watching <bdi>{visibleText(watch.label)}</bdi>.
        </>,
      ),
    onError: fail('stop watching'),
    onSettled: settled,
  })
  return { add, stop, busy: add.isPending || stop.isPending }
}
