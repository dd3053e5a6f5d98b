import type { ShapeSample, TriageAnswer } from '../../../shared/triage'
import { plural } from './groupWords'

/** What a sample's reading has got to: how many were read, are being read, and could not be read. */
export function sampleProgress(sample: Omit<ShapeSample, 'top'>): string {
  const parts = [`${sample.read.toLocaleString('en')} of ${plural(sample.sampled, 'sampled failure')} read`]
  if (sample.pending > 0) parts.push(`${sample.pending.toLocaleString('en')} being read`)
  if (sample.unreadable > 0) parts.push(`${sample.unreadable.toLocaleString('en')} the API would not list`)
  return parts.join(', ')
}

/** A group's commonest attempt shapes on its sample, and how far the reading is; or why there is none. */
export function ShapeCell({ shapes }: { shapes: ShapeSample | null }) {
  if (shapes === null) return <span className="muted">Not sampled (only the largest groups are)</span>
  return (
    <>
      {shapes.top.length > 0 ? (
        <ul className="triage-shapes">
          {shapes.top.map((shape) => (
            <li key={shape.label}>
              {shape.label}: {shape.count.toLocaleString('en')}
            </li>
          ))}
        </ul>
      ) : null}{' '}
      <span className="muted">
        {sampleProgress(shapes)}
        {shapes.pending > 0 ? '…' : ''}
      </span>
    </>
  )
}

/** The board's line when grouped by shape: the groups hold only the sample's failures whose attempts were read. */
export function SampleLine({ groupBy }: { groupBy: TriageAnswer['groupBy'] }) {
  if (groupBy?.kind !== 'shape') return null
  const { sample } = groupBy
  return (
    <p className="muted" role="status">
      Grouped by the attempts of a sample of the failures: {sampleProgress(sample)}
      {sample.pending > 0 ? '…' : '.'}
    </p>
  )
}
