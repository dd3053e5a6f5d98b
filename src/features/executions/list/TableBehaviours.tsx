import type { ComponentProps } from 'react'
import { TimeCellTooltip } from '../../../components/TimeCellTooltip'
import { GridKeys } from '../../../components/GridKeys'

/** The table's keys and its time cells' tooltip (lazy with the controls, see LazyControls.tsx). */
export function TableBehaviours({
  keys,
  tooltip,
}: {
  keys: ComponentProps<typeof GridKeys>
  tooltip: ComponentProps<typeof TimeCellTooltip>
}) {
  return (
    <>
      <GridKeys {...keys} />
      <TimeCellTooltip {...tooltip} />
    </>
  )
}
