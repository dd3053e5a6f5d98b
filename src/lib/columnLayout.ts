/** Which columns a list shows, in which order: ids in order, with the hidden ones listed apart. */
export interface ColumnLayout {
  order: string[]
  hidden: string[]
}

const MAX_COLUMNS = 30
const COLUMN_ID = /^[a-z][a-z0-9_]{0,39}$/

/** `id,state,-created_at,updated_at`: a leading `-` hides the column. Anything malformed is skipped. */
export function parseColumnLayout(text: string | null): ColumnLayout {
  const layout: ColumnLayout = { order: [], hidden: [] }
  for (const entry of (text ?? '').split(',').slice(0, MAX_COLUMNS)) {
    const hidden = entry.startsWith('-')
    const id = hidden ? entry.slice(1) : entry
    if (!COLUMN_ID.test(id) || layout.order.includes(id)) continue
    layout.order.push(id)
    if (hidden) layout.hidden.push(id)
  }
  return layout
}

export function serializeColumnLayout(layout: ColumnLayout): string {
  return layout.order.map((id) => (layout.hidden.includes(id) ? `-${id}` : id)).join(',')
}

/** The layout's order for these columns: the ones it names first, in its order, then the rest as given. */
export function orderedColumns(layout: ColumnLayout, ids: readonly string[]): string[] {
  return [...layout.order.filter((id) => ids.includes(id)), ...ids.filter((id) => !layout.order.includes(id))]
}
