import '../../styles/digest.css'
import { useId } from 'react'
import { formatCount } from '../../lib/coverageWords'
import { writeFilterParams } from '../../../shared/filterCodec'
import type { ListFilters } from '../../../shared/filters'
import { writeWindowParams } from '../../../shared/timeWindow'
import { DigestCard } from './DigestCard'
import { useDigest } from './useDigest'

interface SinceLastLookedProps {
  /** The view shown: its filters (the digest counts over its metadata). */
  filters: ListFilters
  /** Replaces the URL's search: "Show them in the list" opens the failures since the last look. */
  onNavigate: (params: URLSearchParams, mode: 'push' | 'replace') => void
  onOpenExecution: (id: string) => void
}

/** The dismissible digest of what changed in the view while the user was away; nothing when nothing did. */
export function SinceLastLooked({ filters, onNavigate, onOpenExecution }: SinceLastLookedProps) {
  const headingId = useId()
  const { digest, dismiss } = useDigest(filters)
  const parts = digest
    ? [
        digest.newFailures.count > 0 ? `${formatCount(digest.newFailures.count)} failed` : null,
        digest.rescheduledByOthers.count > 0
          ? `${formatCount(digest.rescheduledByOthers.count)} rescheduled by others`
          : null,
        digest.longRunning.count > 0
          ? `${formatCount(digest.longRunning.count)} running longer than usual`
          : null,
      ]
    : []
  // Said once, by a status that is always there (a live region must exist before it speaks); not a second,
  // visible toast beside the card (issue 47 §4: the two covered the page's buttons).
  const status = (
    <p className="visually-hidden" role="status">
      {digest ? `Since you last looked: ${parts.filter(Boolean).join(', ')}.` : ''}
    </p>
  )
  if (!digest) return status
  const showFailures = () => {
    const since = digest.lastSeenAt ?? digest.generatedAt
    const params = writeFilterParams(
      { states: ['failed'], metadata: filters.metadata },
      new URLSearchParams(),
    )
    onNavigate(
      writeWindowParams({ kind: 'absolute', from: since, to: null, field: 'updated' }, params),
      'push',
    )
  }
  return (
    <>
      {status}
      <section className="panel digest" aria-labelledby={headingId}>
        <DigestCard
          digest={digest}
          headingId={headingId}
          onShowFailures={showFailures}
          onOpenExecution={onOpenExecution}
          onDismiss={dismiss}
        />
      </section>
    </>
  )
}
