import { createContext, useContext } from 'react'

/** True inside the rows of a keyboard grid: the row is the tab stop, its controls are reached with arrows. */
export const InGridRowContext = createContext(false)

/** A control's tabIndex: -1 inside a grid row (out of the Tab order), else its own default. */
export function useCellTabIndex(): -1 | undefined {
  return useContext(InGridRowContext) ? -1 : undefined
}
