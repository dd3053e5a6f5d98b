import '../../styles/watch.css'
import { visibleText } from '../../../shared/visibleText'
import { TOASTS_SHOWN, type NoticeState } from './noticeSlice'
import { OpenNoticeExecution } from './OpenNoticeExecution'

interface NoticeToastsProps {
  notices: NoticeState['recent']
  onOpenExecution: (id: string) => void
  onDismiss: (seq: number | 'all') => void
}

/** The newest notices over the page's corner, each until dismissed; the region announces each as it comes. */
export function NoticeToasts({ notices, onOpenExecution, onDismiss }: NoticeToastsProps) {
  const shown = notices.filter((notice) => notice.shown)
  return (
    <section
      className="notice-toasts"
      aria-label="Notifications"
      aria-live="polite"
      aria-relevant="additions"
    >
      {shown.slice(0, TOASTS_SHOWN).map((notice) => (
        <article key={notice.seq} className="notice-toast panel" aria-label={notice.title}>
          <p className="notice-title">{visibleText(notice.title)}</p>
          {notice.body !== notice.title ? <p className="notice-body">{visibleText(notice.body)}</p> : null}
          <div className="notice-actions">
            <OpenNoticeExecution notice={notice} onOpen={onOpenExecution} />
            <button type="button" className="button button-small" onClick={() => onDismiss(notice.seq)}>
              Dismiss
            </button>
          </div>
        </article>
      ))}
      {shown.length > TOASTS_SHOWN ? (
        <p className="notice-more">
          {shown.length - TOASTS_SHOWN} more in Watches.{' '}
          <button type="button" className="link-button" onClick={() => onDismiss('all')}>
            Dismiss all
          </button>
        </p>
      ) : null}
    </section>
  )
}
