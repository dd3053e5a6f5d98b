import type { MetadataFilter } from '../../../api'
import { coverageDoubtText, type Coverage } from '../../../../shared/overview'
import { visibleText } from '../../../../shared/visibleText'
import { nearMisses } from './nearMisses'
import { useMetadataSuggestions } from './useMetadataSuggestions'

interface Props {
  onClearFilters: () => void
  onFirstPage: () => void
}

export function NoExecutionsYet() {
  return (
    <div className="panel" role="status">
      <h2 className="panel-title">No executions yet</h2>
      <p>Executions appear here as soon as the API reports them.</p>
    </div>
  )
}

interface NoMatchProps extends Pick<Props, 'onClearFilters'> {
  metadata: readonly MetadataFilter[]
  onRemoveMetadata: (key: string) => void
  onAddMetadata: (entry: MetadataFilter) => void
}

/** None match: with the values the dashboard has seen of each filtered key, and a guess at a mistyped one. */
export function NoMatchingExecutions({
  onClearFilters,
  metadata,
  onRemoveMetadata,
  onAddMetadata,
}: NoMatchProps) {
  const misses = nearMisses(metadata, useMetadataSuggestions())
  const replace = (key: string, from: string, to: string) => {
    const values = metadata.find((filter) => filter.key === key)?.values ?? []
    onRemoveMetadata(key)
    onAddMetadata({ key, values: values.map((value) => (value === from ? to : value)) })
  }
  return (
    <div className="panel" role="status">
      <h2 className="panel-title">No executions match these filters</h2>
      <p>Change or remove a filter to see more.</p>
      {misses.map((miss) => (
        <p key={miss.key}>
          {visibleText(miss.key)} has {miss.seen.map(visibleText).join(', ')}
          {miss.more > 0 ? ` and ${miss.more} more` : ''} on the pages seen so far.{' '}
          {miss.guess ? (
            <button
              type="button"
              className="button button-small"
              onClick={() => miss.guess && replace(miss.key, miss.guess.from, miss.guess.to)}
            >
              Did you mean {visibleText(miss.guess.to)}?
            </button>
          ) : null}
        </p>
      ))}
      <button type="button" className="button" onClick={onClearFilters}>
        Clear filters
      </button>
    </div>
  )
}

/**
 * A page with no rows: the executions that were here moved on, or (`more`) the API sent none but says more
 * follow, which is neither "none match" nor the end of the list.
 */
export function EmptyPage({
  onFirstPage,
  more = false,
  onNextPage,
}: Pick<Props, 'onFirstPage'> & { more?: boolean; onNextPage?: () => void }) {
  return (
    <div className="panel" role="status">
      <h2 className="panel-title">{more ? 'This page came back empty' : 'This page is empty'}</h2>
      {more ? (
        <p>
          The API sent no executions on this page but says more follow
          {onNextPage ? '' : ', with no cursor to reach them'}. This is not the end of the list.
        </p>
      ) : (
        <p>The executions that were here have moved on. Start again from the newest.</p>
      )}
      {more && onNextPage ? (
        <button type="button" className="button" onClick={onNextPage}>
          Next page
        </button>
      ) : null}{' '}
      <button type="button" className="button" onClick={onFirstPage}>
        Back to first page
      </button>
    </div>
  )
}

/** A window's list from an index that is still counting (or could not): no rows yet is not "none". */
export function CountingWindow({ coverage }: { coverage: Coverage }) {
  return (
    <div className="panel" role="status">
      <h2 className="panel-title">No executions of this window yet</h2>
      <p>
        The list may not be complete: {coverageDoubtText(coverage) ?? 'the index is catching up'}. It fills in
        as the index finds them.
      </p>
    </div>
  )
}

/** The list's empty states: no executions at all, none matching, an empty page, a window still being counted. */
export function EmptyState(props: {
  kind: 'no-match' | 'empty-page' | 'empty-more' | 'none-yet' | 'counting'
  coverage?: Coverage
  onClearFilters: () => void
  /** The metadata filters, for near misses: "env has production, staging. Did you mean production?" */
  metadata: readonly MetadataFilter[]
  onRemoveMetadata: (key: string) => void
  onAddMetadata: (entry: MetadataFilter) => void
  onFirstPage: () => void
  /** Absent when the API gave no way to the next page. */
  onNextPage?: () => void
}) {
  if (props.kind === 'counting' && props.coverage) return <CountingWindow coverage={props.coverage} />
  if (props.kind === 'empty-more')
    return <EmptyPage more onFirstPage={props.onFirstPage} onNextPage={props.onNextPage} />
  if (props.kind === 'no-match') return <NoMatchingExecutions {...props} />
  return props.kind === 'empty-page' ? <EmptyPage onFirstPage={props.onFirstPage} /> : <NoExecutionsYet />
}
