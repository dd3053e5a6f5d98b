import { useId, useRef, useState } from 'react'
import type { NewWatch, Watch, WatchList } from '../../api/watches'
import { ModalDialog } from '../../components/ModalDialog'
import { useNow } from '../../lib/useNow'
import { formatAge } from '../../lib/formatAge'
import { visibleText } from '../../../shared/visibleText'
import { askForNotifications, notificationAccess, type NotificationAccess } from './browserNotices'
import type { NoticeState } from './noticeSlice'
import { WatchViewForm } from './WatchViewForm'
import { seenWords } from './watchWords'
import { OpenNoticeExecution } from './OpenNoticeExecution'

interface WatchesDialogProps {
  list: WatchList | null
  failure: string | null
  notices: NoticeState['recent']
  view: string
  busy: boolean
  onWatch: (watch: NewWatch) => void
  onStop: (watch: Watch) => void
  onOpenExecution: (id: string) => void
  onClose: () => void
}

const ACCESS_WORDS: Record<NotificationAccess, string> = {
  unsupported: 'This browser has no system notifications; notices show in the page and the tab’s title.',
  default: 'Notices show in the page and in the tab’s title.',
  granted: 'Notices also show as system notifications while this tab is in the background.',
  denied: 'The browser blocks this site’s notifications; allow them in its site settings to have them.',
}

/** The user's watches (what the server last saw of each), recent notices, and watching the view on screen. */
export function WatchesDialog(props: WatchesDialogProps) {
  const { list, failure, notices, view, busy, onWatch, onStop, onOpenExecution, onClose } = props
  const titleId = useId()
  const now = useNow(5_000)
  const [access, setAccess] = useState(notificationAccess)
  // A stopped watch's row goes away with its button: focus waits on the heading, never on the page's body.
  const heading = useRef<HTMLHeadingElement>(null)
  return (
    <ModalDialog labelledBy={titleId} className="dialog" onEscape={onClose}>
      <h2 id={titleId} ref={heading} tabIndex={-1} className="panel-title">
        Watches
      </h2>
      <p className="muted">
        The dashboard’s server follows these for you, with every tab closed or in the background: at most one
        notice per watch a minute, later changes grouped.
        {list?.webhook ? ' Each notice is also posted to the team’s webhook.' : ''}
      </p>
      <p>
        {ACCESS_WORDS[access]}{' '}
        {access === 'default' ? (
          <button
            type="button"
            className="button button-small"
            onClick={() => void askForNotifications().then(setAccess)}
          >
            Allow browser notifications
          </button>
        ) : null}
      </p>
      {failure ? <p role="alert">{failure}</p> : null}
      {list && list.watches.length === 0 ? (
        <p>Nothing watched yet. Watch an execution from its row or its attempts, or this view below.</p>
      ) : null}
      {list && list.watches.length > 0 ? (
        <ul className="watch-list" aria-label="Watched">
          {list.watches.map((watch) => (
            <li key={watch.id} className="watch-item">
              <span>
                <strong>{visibleText(watch.label)}</strong>{' '}
                <span className="muted">{seenWords(watch, now)}</span>
                {watch.waiting > 0 ? (
                  <span className="muted"> {watch.waiting} change(s) wait for the next notice.</span>
                ) : null}
              </span>
              <button
                type="button"
                className="button button-small"
                aria-disabled={busy || undefined}
                aria-label={`Stop watching ${watch.label}`}
                onClick={() => {
                  if (busy) return
                  heading.current?.focus()
                  onStop(watch)
                }}
              >
                Stop watching
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <h3>Watch this view</h3>
      <WatchViewForm view={view} busy={busy || list === null} onWatch={onWatch} />
      {notices.length > 0 ? (
        <>
          <h3>Recent notices</h3>
          <ul className="watch-list" aria-label="Recent notices">
            {notices.map((notice) => (
              <li key={notice.seq} className="watch-item">
                <span>
                  {visibleText(notice.title)} <span className="muted">{formatAge(notice.at, now)}</span>
                </span>
                <OpenNoticeExecution notice={notice} onOpen={onOpenExecution} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </ModalDialog>
  )
}
