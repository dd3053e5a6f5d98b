import { visibleText } from '../../../shared/visibleText'
import { useState } from 'react'
import { ApiError } from '../../api/apiError'
import type { Watch } from '../../api/watches'
import type { Command } from '../../components/commands'
import { describeApiError } from '../../components/describeApiError'
import { useCommands } from '../../components/useCommands'
import { useClientStore, useSlice } from '../../lib/useClientStore'
import { paramsOf } from '../../lib/viewUrl'
import { readFilterParams, writeFilterParams } from '../../../shared/filterCodec'
import { showBrowserNotice } from './browserNotices'
import { dismissed, noticeSlice } from './noticeSlice'
import { NoticeToasts } from './NoticeToasts'
import { useTitleCount } from './useTitleCount'
import { useWatchActions, useWatches } from './useWatchActions'
import { useWatchStream } from './useWatchStream'
import { WatchesDialog } from './WatchesDialog'

interface WatchToolsProps {
  search: string
  /** The execution open in the attempts panel, if any: the palette offers to watch it. */
  executionId: string | null
  onOpenExecution: (id: string) => void
}

/** A server without the index (or its store) keeps no watches: nothing of them is offered then. */
const unavailable = (error: unknown) => error instanceof ApiError && error.status === 503

function useWatchCommands(
  list: Watch[] | null,
  executionId: string | null,
  openDialog: () => void,
  actions: ReturnType<typeof useWatchActions>,
) {
  useCommands(() => {
    const commands: Command[] = [
      { id: 'watches', label: 'Watches', group: 'Action', keywords: 'notify alert follow', run: openDialog },
      {
        id: 'watch-view',
        label: 'Watch this view…',
        group: 'Action',
        keywords: 'threshold alert',
        run: openDialog,
      },
    ]
    const watched = list?.find((watch) => watch.kind === 'execution' && watch.executionId === executionId)
    if (executionId !== null && list)
      commands.push({
        id: 'watch-execution',
        label: watched ? `Stop watching ${visibleText(executionId)}` : `Watch ${visibleText(executionId)}`,
        group: 'Execution',
        keywords: 'notify follow',
        current: true,
        disabled: actions.busy ? 'a watch is being changed' : null,
        run: () =>
          watched ? actions.stop.mutate(watched) : actions.add.mutate({ kind: 'execution', executionId }),
      })
    for (const watch of list ?? [])
      if (watch !== watched)
        commands.push({
          id: `unwatch:${watch.id}`,
          label: `Stop watching ${watch.label}`,
          group: 'Watch',
          run: () => actions.stop.mutate(watch),
        })
    return commands
  })
}

/**
 * Watches and their notices: the tab's one watch stream, toasts, the count in the tab's title, system
 * notifications, the Watches dialog and the palette's watch commands.
 */
export function WatchTools({ search, executionId, onOpenExecution }: WatchToolsProps) {
  const store = useClientStore()
  const { list, error } = useWatches()
  const actions = useWatchActions()
  const { recent } = useSlice(noticeSlice)
  const [isOpen, setOpen] = useState(false)
  const available = !unavailable(error)
  useWatchStream(available, (notice) => showBrowserNotice(notice, onOpenExecution))
  useTitleCount()
  useWatchCommands(list?.watches ?? null, executionId, () => setOpen(true), actions)
  if (!available) return null
  const view = writeFilterParams(readFilterParams(paramsOf(search)).filters, new URLSearchParams()).toString()
  return (
    <>
      <button
        type="button"
        className="button button-small"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Watches{list && list.watches.length > 0 ? ` (${list.watches.length})` : ''}
      </button>
      <NoticeToasts
        notices={recent}
        onOpenExecution={onOpenExecution}
        onDismiss={(seq) => store.set(noticeSlice, (state) => dismissed(state, seq))}
      />
      {isOpen ? (
        <WatchesDialog
          list={list}
          failure={error ? `The watches could not be read: ${describeApiError(error).message}` : null}
          notices={recent}
          view={view}
          busy={actions.busy}
          onWatch={(watch) => actions.add.mutate(watch)}
          onStop={(watch) => actions.stop.mutate(watch)}
          onOpenExecution={(id) => {
            setOpen(false)
            onOpenExecution(id)
          }}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  )
}
