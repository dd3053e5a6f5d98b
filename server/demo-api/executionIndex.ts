import type { ExecutionRecord, ExecutionState } from './model.ts'
import { NewestFirstList } from './newestFirstList.ts'

export type ExecutionList = NewestFirstList<ExecutionRecord>

function entryOf<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key)
  if (value === undefined) map.set(key, (value = make()))
  return value
}

/**
 * Every execution newest first, and the same order per state and per metadata key=value, so a
 * filtered page walks the smallest list that can hold its rows instead of every execution.
 * Metadata never changes; a state changes only through `setState`.
 */
export class ExecutionIndex {
  readonly all: ExecutionList
  private readonly byState = new Map<string, ExecutionList>()
  private readonly byMetadata = new Map<string, Map<string, ExecutionList>>()

  /** `blockSize` only for tests, to have many blocks with few rows. */
  constructor(
    newestFirst: readonly ExecutionRecord[],
    private readonly blockSize?: number,
  ) {
    this.all = NewestFirstList.fromSorted(newestFirst, blockSize)
    const stateRows = new Map<string, ExecutionRecord[]>()
    const metadataRows = new Map<string, Map<string, ExecutionRecord[]>>()
    const noRows = (): ExecutionRecord[] => []
    const noValues = () => new Map<string, ExecutionRecord[]>()
    for (const execution of newestFirst) {
      entryOf(stateRows, execution.state, noRows).push(execution)
      const { metadata } = execution
      // for…in rather than Object.entries: no pair arrays for a million rows (metadata are plain objects).
      for (const key in metadata) {
        entryOf(entryOf(metadataRows, key, noValues), metadata[key] as string, noRows).push(execution)
      }
    }
    for (const [state, rows] of stateRows)
      this.byState.set(state, NewestFirstList.fromSorted(rows, blockSize))
    for (const [key, values] of metadataRows) {
      const lists = new Map<string, ExecutionList>()
      for (const [value, rows] of values) lists.set(value, NewestFirstList.fromSorted(rows, blockSize))
      this.byMetadata.set(key, lists)
    }
  }

  private readonly newList = (): ExecutionList => new NewestFirstList(this.blockSize)

  add(execution: ExecutionRecord): void {
    this.all.insert(execution)
    entryOf(this.byState, execution.state, this.newList).insert(execution)
    const { metadata } = execution
    for (const key in metadata) {
      const values = entryOf(this.byMetadata, key, () => new Map<string, ExecutionList>())
      entryOf(values, metadata[key] as string, this.newList).insert(execution)
    }
  }

  setState(execution: ExecutionRecord, state: ExecutionState): void {
    if (execution.state === state) return
    this.byState.get(execution.state)?.remove(execution)
    execution.state = state
    entryOf(this.byState, state, this.newList).insert(execution)
  }

  inState(state: string): ExecutionList | undefined {
    return this.byState.get(state)
  }

  withMetadata(key: string, value: string): ExecutionList | undefined {
    return this.byMetadata.get(key)?.get(value)
  }
}
