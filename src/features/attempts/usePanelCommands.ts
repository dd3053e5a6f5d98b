import { visibleText } from '../../../shared/visibleText'
import { useQuery } from '@tanstack/react-query'
import { whoamiQuery, type Execution } from '../../api'
import type { Command } from '../../components/commands'
import { useCommands } from '../../components/useCommands'

interface PanelCommands {
  executionId: string
  /** Known (from the lists, the index or a search) and not answered 404: it can be rescheduled. */
  execution: Execution | undefined
  onReschedule: ((execution: Execution) => void) | undefined
  onClose: () => void
}

/** What the command palette offers for the open execution: reschedule it (as its button would) and close it. */
export function usePanelCommands({ executionId, execution, onReschedule, onClose }: PanelCommands) {
  // A viewer sees the command, unavailable, with the reason the button gives.
  const refusal = useQuery({ ...whoamiQuery(), select: (who) => who.refusal }).data ?? null
  useCommands(() => {
    const close: Command = {
      id: 'panel:close',
      label: `Close the attempts of ${visibleText(executionId)}`,
      group: 'Execution',
      keywords: 'esc panel',
      current: true,
      run: onClose,
    }
    if (!execution || !onReschedule) return [close]
    const reschedule: Command = {
      id: 'panel:reschedule',
      label: `Reschedule ${visibleText(executionId)}`,
      group: 'Execution',
      keywords: 'rerun retry',
      current: true,
      disabled: refusal,
      run: () => onReschedule(execution),
    }
    return [reschedule, close]
  })
}
