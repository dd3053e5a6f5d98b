import { z } from 'zod/mini'
import { viewQuery } from '../../lib/savedViewUrl'

/** Bumped when the stored shape changes; older versions are read field by field, never discarded whole. */
export const VIEWS_VERSION = 1
export const MAX_VIEWS = 50
export const MAX_NAME = 80
const MAX_QUERY = 8192

export const VIEW_TIME_MODES = ['relative', 'local', 'utc'] as const
export type ViewTimeMode = (typeof VIEW_TIME_MODES)[number]
export const VIEW_DENSITIES = ['comfortable', 'compact'] as const
export type ViewDensity = (typeof VIEW_DENSITIES)[number]

export interface SavedView {
  id: string
  name: string
  /** The view's URL parameters (see lib/viewUrl's viewQuery): filters and page size, no position. */
  query: string
  /** The Times setting; null when the view was saved without one (then opening it keeps the current one). */
  time: ViewTimeMode | null
  /** The column layout (`id,state,-created_at,…`); null: opening it keeps the current columns. */
  columns: string | null
  /** Row density; null: opening it keeps the current density. */
  density: ViewDensity | null
}

export interface ViewsState {
  views: SavedView[]
  defaultId: string | null
}

export const EMPTY_VIEWS: ViewsState = { views: [], defaultId: null }

const nameSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_NAME))
const viewSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  name: nameSchema,
  query: z.catch(z.string().check(z.maxLength(MAX_QUERY)), ''),
  time: z.catch(z.nullable(z.enum(VIEW_TIME_MODES)), null),
  // Added after version 1's first release: a view stored without them reads as null, not as broken.
  columns: z.catch(z.nullable(z.string().check(z.maxLength(1000))), null),
  density: z.catch(z.nullable(z.enum(VIEW_DENSITIES)), null),
})

export function viewTimeMode(value: string | null): ViewTimeMode | null {
  return VIEW_TIME_MODES.find((mode) => mode === value) ?? null
}

export function validViewName(name: string): string | null {
  const parsed = nameSchema.safeParse(name)
  return parsed.success ? parsed.data : null
}

/** Each stored view is read on its own: one bad entry is dropped, the rest survive. */
function readViews(value: unknown): SavedView[] {
  if (!Array.isArray(value)) return []
  const views: SavedView[] = []
  for (const entry of value) {
    const parsed = viewSchema.safeParse(entry)
    if (parsed.success && !views.some((view) => view.id === parsed.data.id)) views.push(parsed.data)
    if (views.length >= MAX_VIEWS) break
  }
  return views
}

/** Never throws: a missing, corrupt or older store reads as what can still be recovered from it. */
export function parseStoredViews(raw: string | null): ViewsState {
  if (raw === null) return EMPTY_VIEWS
  let stored: unknown
  try {
    stored = JSON.parse(raw)
  } catch {
    return EMPTY_VIEWS
  }
  if (typeof stored !== 'object' || stored === null) return EMPTY_VIEWS
  const record = stored as Record<string, unknown>
  const views = readViews(record.views)
  const defaultId = typeof record.defaultId === 'string' ? record.defaultId : null
  return { views, defaultId: views.some((view) => view.id === defaultId) ? defaultId : null }
}

export function serializeViews(state: ViewsState): string {
  return JSON.stringify({ version: VIEWS_VERSION, ...state })
}

export function findViewByQuery(state: ViewsState, search: string): SavedView | undefined {
  const query = viewQuery(search)
  return state.views.find((view) => view.query === query)
}

/** Names are unique (case-insensitive): saving under a taken name replaces that view. */
export function saveView(state: ViewsState, view: Omit<SavedView, 'id'>, newId: () => string): ViewsState {
  const taken = state.views.find((existing) => sameName(existing.name, view.name))
  if (taken) {
    return {
      ...state,
      views: state.views.map((existing) => (existing === taken ? { ...view, id: taken.id } : existing)),
    }
  }
  if (state.views.length >= MAX_VIEWS) return state
  return { ...state, views: [...state.views, { ...view, id: newId() }] }
}

export function renameView(state: ViewsState, id: string, name: string): ViewsState {
  if (state.views.some((view) => view.id !== id && sameName(view.name, name))) return state
  return { ...state, views: state.views.map((view) => (view.id === id ? { ...view, name } : view)) }
}

export function deleteView(state: ViewsState, id: string): ViewsState {
  return {
    views: state.views.filter((view) => view.id !== id),
    defaultId: state.defaultId === id ? null : state.defaultId,
  }
}

export function setDefaultView(state: ViewsState, id: string | null): ViewsState {
  return { ...state, defaultId: id !== null && state.views.some((view) => view.id === id) ? id : null }
}

export function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase()
}

export interface ImportResult {
  state: ViewsState
  added: number
  replaced: number
  skipped: number
}

/** Merges an exported file: views with a known name replace the stored one, the others are added. */
export function importViews(state: ViewsState, fileText: string, newId: () => string): ImportResult | null {
  let file: unknown
  try {
    file = JSON.parse(fileText)
  } catch {
    return null
  }
  const entries = (file as { views?: unknown } | null)?.views
  if (!Array.isArray(entries)) return null
  let next = state
  let added = 0
  let replaced = 0
  for (const view of readViews(entries.map((entry: unknown, index) => withImportId(entry, index)))) {
    const exists = next.views.some((existing) => sameName(existing.name, view.name))
    const { id: _id, ...content } = view
    const saved = saveView(next, content, newId)
    if (saved === next) continue
    next = saved
    if (exists) replaced += 1
    else added += 1
  }
  return { state: next, added, replaced, skipped: entries.length - added - replaced }
}

/** Imported ids are replaced on save; an entry without one still counts as a view. */
function withImportId(entry: unknown, index: number): unknown {
  return typeof entry === 'object' && entry !== null ? { id: `import-${index}`, ...entry } : entry
}
