import '../../styles/digest.css'
import { useEffect, useId } from 'react'
import { useAnnounce } from '../../components/Announcer'
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
  const announce = useAnnounce()
  useEffect(() => {
    if (!digest) return
    const parts = [
      digest.newFailures.count > 0 ? `${formatCount(digest.newFailures.count)} failed` : null,
      digest.rescheduledByOthers.count > 0
        ? `${formatCount(digest.rescheduledByOthers.count)} rescheduled by others`
        : null,
      digest.longRunning.count > 0
        ? `${formatCount(digest.longRunning.count)} running longer than usual`
        : null,
    ]
    announce(`Since you last looked: ${parts.filter(Boolean).join(', ')}.`)
  }, [digest, announce])
  if (!digest) return null
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
    <section className="panel digest" aria-labelledby={headingId}>
      <DigestCard
        digest={digest}
        headingId={headingId}
        onShowFailures={showFailures}
        onOpenExecution={onOpenExecution}
        onDismiss={dismiss}
      />
    </section>
  )
}
