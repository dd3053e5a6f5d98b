import { memo } from 'react'
import { DisclosurePopover } from '../../../components/DisclosurePopover'
import { DensitySetting, TimeDisplaySetting } from '../../../components/ListDisplay'
import { AutoRefreshSetting, RefreshControls } from '../../../components/RefreshControls'
import { ColumnChooser } from '../columns/ColumnChooser'

export { ShortcutHelp } from './ShortcutHelp'

export interface ListToolsProps {
  /** When the rows on screen arrived (ms epoch); 0 if never. */
  updatedAt: number
  isRefreshing: boolean
  onRefreshNow: () => void
  onHelp: () => void
}

/**
 * The Display menu, apart from the refresh's figures: its settings read their own state, so a refresh does not
 * draw them again (React writes an input's name and type on each draw).
 */
const DisplayMenu = memo(function DisplayMenu() {
  return (
    <DisclosurePopover label="Display…">
      <AutoRefreshSetting />
      <TimeDisplaySetting />
      <DensitySetting />
      <ColumnChooser />
    </DisclosurePopover>
  )
})

/**
 * Refresh now, one Display menu (auto-refresh, the Times setting, density, columns), the shortcut list and when
 * the rows arrived: the list's tools, on the pager's line, which the first table does without. They load in
 * their own chunk (with the shortcut list's dialog) as the list opens.
 */
export function ListTools({ updatedAt, isRefreshing, onRefreshNow, onHelp }: ListToolsProps) {
  return (
    <RefreshControls updatedAt={updatedAt} isRefreshing={isRefreshing} onRefreshNow={onRefreshNow}>
      <DisplayMenu />
      <button
        type="button"
        className="button button-small"
        aria-haspopup="dialog"
        aria-label="Keyboard shortcuts"
        title="Keyboard shortcuts (?)"
        onClick={onHelp}
      >
        ?
      </button>
    </RefreshControls>
  )
}
