import { visibleText } from '../../../shared/visibleText'
import '../../styles/links.css'
import { useQuery } from '@tanstack/react-query'
import { readMetadata, type Attempt, type Execution } from '../../api'
import { linksQuery } from '../../api/links'
import { useCellTabIndex } from '../../components/cellFocus'
import { useCommands } from '../../components/useCommands'
import { buildLink, isAttemptLink, type LinkSubject } from '../../../shared/linkTemplates'

/** The configured log and trace links of an execution (`attempt` absent) or of one of its attempts. */
export function useLogLinks(execution: Execution | undefined, attempt?: Attempt) {
  const settings = useQuery(linksQuery()).data
  if (!settings || !execution) return []
  const subject: LinkSubject = { ...execution, metadata: readMetadata(execution), attempt }
  return settings.links
    .filter((template) => isAttemptLink(template) === (attempt !== undefined))
    .map((template) => buildLink(template, subject, settings.marginMs))
}

/**
 * Links named by their label; one that lacks a value says which instead of pointing somewhere wrong. Given `subject`
 * (a row's execution id), each link's accessible name says whose it is; in a grid row they are reached by arrows.
 */
export function LogLinkList({ links, subject }: { links: ReturnType<typeof useLogLinks>; subject?: string }) {
  const tabIndex = useCellTabIndex()
  return (
    <span className="log-links">
      {links.map((link) =>
        link.href !== null ? (
          <a
            key={link.label}
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            tabIndex={tabIndex}
            aria-label={subject === undefined ? undefined : `${link.label} of ${subject}`}
          >
            {link.label}
          </a>
        ) : (
          <span key={link.label} className="muted">
            {link.label} (no {link.missing})
          </span>
        ),
      )}
    </span>
  )
}

/** The summary's Links line: nothing when no execution links are configured. */
export function ExecutionLinks({ execution }: { execution: Execution }) {
  const links = useLogLinks(execution)
  // The palette offers them too, for the open execution (a new tab, as the link itself opens).
  useCommands(() =>
    links.map((link) => ({
      id: `link:${link.label}`,
      label: `${link.label} of ${visibleText(execution.id)}`,
      group: 'Link',
      keywords: 'logs trace open',
      current: true,
      disabled: link.href === null ? `no ${link.missing}` : null,
      run: () => {
        if (link.href !== null) window.open(link.href, '_blank', 'noopener,noreferrer')
      },
    })),
  )
  if (links.length === 0) return null
  return (
    <div>
      <dt>Links</dt>
      <dd>
        <LogLinkList links={links} />
      </dd>
    </div>
  )
}

/** An attempt's links, in its row of the attempts table. */
export function AttemptLinks({ execution, attempt }: { execution: Execution | undefined; attempt: Attempt }) {
  return <LogLinkList links={useLogLinks(execution, attempt)} />
}

/** A row's execution links, beside its Reschedule (nothing when none are configured). */
export function RowLogLinks({ execution }: { execution: Execution }) {
  const links = useLogLinks(execution)
  return links.length === 0 ? null : <LogLinkList links={links} subject={execution.id} />
}
