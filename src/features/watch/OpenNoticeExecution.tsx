import type { WatchNotice } from '../../api/watches'
import { visibleText } from '../../../shared/visibleText'

/** "Open exec-…": the execution a notice is about, in the attempts panel; nothing for a view's notice. */
export function OpenNoticeExecution({
  notice,
  onOpen,
}: {
  notice: WatchNotice
  onOpen: (id: string) => void
}) {
  const id = notice.executionId
  if (id === null) return null
  return (
    <button type="button" className="button button-small" onClick={() => onOpen(id)}>
      Open {visibleText(id)}
    </button>
  )
}
