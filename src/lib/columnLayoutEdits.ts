import { orderedColumns, type ColumnLayout } from './columnLayout'

/* The column chooser's edits (lazy with it); the list itself only reads a layout (columnLayout.ts). */

/** Moves `id` one place up (-1) or down (+1) among `ids` and returns the whole layout for them. */
export function moveColumn(
  layout: ColumnLayout,
  ids: readonly string[],
  id: string,
  by: -1 | 1,
): ColumnLayout {
  const order = orderedColumns(layout, ids)
  const at = order.indexOf(id)
  const to = at + by
  if (at === -1 || to < 0 || to >= order.length) return { ...layout, order }
  ;[order[at], order[to]] = [order[to] ?? id, order[at] ?? id]
  return { ...layout, order }
}

export function setColumnHidden(
  layout: ColumnLayout,
  ids: readonly string[],
  id: string,
  hidden: boolean,
): ColumnLayout {
  const others = layout.hidden.filter((hiddenId) => hiddenId !== id)
  return { order: orderedColumns(layout, ids), hidden: hidden ? [...others, id] : others }
}
