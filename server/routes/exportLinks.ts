import { readMetadata } from '../../shared/metadata.ts'
import { buildLink, isAttemptLink, type LinkSettings, type LinkTemplate } from '../../shared/linkTemplates.ts'

/**
 * The export's link columns, on request (`links=1`): one per execution link of DASHBOARD_LINKS (an attempt's
 * links need its attempts, which an export does not read). A link that lacks a value is an empty cell.
 */
export function exportLinks(settings: LinkSettings | undefined, requested: boolean) {
  const templates: LinkTemplate[] = requested
    ? (settings?.links ?? []).filter((link) => !isAttemptLink(link))
    : []
  const hrefs = (row: Record<string, unknown>) => {
    const subject = {
      id: typeof row.id === 'string' ? row.id : String(row.id),
      created_at: row.created_at,
      updated_at: row.updated_at,
      metadata: readMetadata(row.metadata),
    }
    return templates.map((template) => buildLink(template, subject, settings?.marginMs ?? 0).href)
  }
  return {
    header: templates.map((template) => `link:${template.label}`),
    /** CSV cells, in the header's order. */
    cells: (row: Record<string, unknown>) => hrefs(row).map((href) => href ?? ''),
    /** The NDJSON line's row with its links, or the row as the API sent it when none were asked for. */
    withLinks: (row: Record<string, unknown>) =>
      templates.length === 0
        ? row
        : {
            ...row,
            dashboard_links: Object.fromEntries(
              hrefs(row).map((href, index) => [templates[index]?.label ?? '', href]),
            ),
          },
  }
}
