import { CollapsedOnPhone } from '../../components/CollapsedOnPhone'
import { DensitySetting } from '../../components/ListDisplay'
import { RefreshControls } from '../../components/RefreshControls'
import { TimeDisplaySetting } from '../../components/TimeDisplay'
import { ColumnChooser } from './ColumnChooser'

interface ListToolbarProps {
  /** When the rows on screen arrived (ms epoch); 0 if never. */
  updatedAt: number
  isRefreshing: boolean
  onRefreshNow: () => void
  onHelp: () => void
}

/** Refresh, the Times setting, density, columns and the shortcut list: one row, folded on a phone. */
export function ListToolbar({ updatedAt, isRefreshing, onRefreshNow, onHelp }: ListToolbarProps) {
  return (
    <CollapsedOnPhone summary="Refresh, times and columns">
      <div className="list-toolbar">
        <RefreshControls updatedAt={updatedAt} isRefreshing={isRefreshing} onRefreshNow={onRefreshNow} />
        <TimeDisplaySetting />
        <DensitySetting />
        <ColumnChooser />
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
      </div>
    </CollapsedOnPhone>
  )
}
