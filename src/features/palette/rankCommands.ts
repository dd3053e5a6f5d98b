import type { Command } from '../../components/commands'

const WORD_START = 3
const INSIDE = 2
const SCATTERED = 1

/** How well one typed word matches: at a word's start, inside a word, or its letters in order in the label. */
function wordScore(word: string, haystack: string, label: string): number {
  const at = haystack.indexOf(word)
  if (at !== -1) {
    let from = at
    // Any occurrence at a word's start counts as one.
    while (from !== -1) {
      if (from === 0 || !/[\p{L}\p{N}]/u.test(haystack[from - 1] ?? '')) return WORD_START
      from = haystack.indexOf(word, from + 1)
    }
    return INSIDE
  }
  let index = 0
  for (const char of label) if (char === word[index]) index += 1
  return index === word.length ? SCATTERED : 0
}

/** The command's match for `query` (0: none); the whole query at the label's start counts most. */
export function matchScore(command: Command, query: string): number {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return 1
  const label = command.label.toLowerCase()
  const haystack = `${label} ${command.group.toLowerCase()} ${(command.keywords ?? '').toLowerCase()}`
  let total = 0
  for (const word of words) {
    const score = wordScore(word, haystack, label)
    if (score === 0) return 0
    total += score
  }
  return total + (label.startsWith(query.trim().toLowerCase()) ? WORD_START : 0)
}

/** Equal matches in this order of groups (others after them): what is open, then actions, then settings. */
const GROUP_ORDER = ['Execution', 'Recent', 'Link', 'Action', 'List', 'Saved view', 'View', 'Time window']
const groupRank = (command: Command) => {
  const at = GROUP_ORDER.indexOf(command.group)
  return at === -1 ? GROUP_ORDER.length : at
}

/**
 * The commands that match, best first: by match, then the open execution's own, then the most recently used,
 * then by group, then as offered. `recent` lists command ids, most recent first.
 */
export function rankCommands(
  commands: readonly Command[],
  query: string,
  recent: readonly string[],
): Command[] {
  const recency = (command: Command) => {
    const at = recent.indexOf(command.id)
    return at === -1 ? recent.length : at
  }
  return commands
    .map((command, order) => ({ command, order, score: matchScore(command, query) }))
    .filter((entry) => entry.score > 0)
    .sort(
      (a, b) =>
        b.score - a.score ||
        Number(b.command.current === true) - Number(a.command.current === true) ||
        recency(a.command) - recency(b.command) ||
        groupRank(a.command) - groupRank(b.command) ||
        a.order - b.order,
    )
    .map((entry) => entry.command)
}

/** Whether the typed text reads as a command rather than an id: each word of it starts a word of one command. */
export function readsAsCommand(commands: readonly Command[], query: string): boolean {
  const words = query.split(/\s+/).filter(Boolean).length
  return words > 0 && commands.some((command) => matchScore(command, query) >= WORD_START * words)
}
