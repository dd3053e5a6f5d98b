/** Control and format characters: what reorders or hides the text around it. */
export const INVISIBLE = /[\p{Cc}\p{Cf}]/gu
/** The same, but keeping tabs and line breaks, which a quoted CSV cell carries as they are. */
const INVISIBLE_IN_CELL = /(?![\t\n\r])[\p{Cc}\p{Cf}]/gu

const escape = (char: string) => `\\u{${char.codePointAt(0)?.toString(16)}}`

/**
 * An id as it can be read: control and format characters (bidi overrides such as U+202E, zero-width spaces,
 * a byte-order mark) drawn as `\u{202e}` instead of reordering or hiding the text around them. Copy and
 * every request keep the id exact; only what is shown changes. Pair with `unicode-bidi: isolate` (`.mono`).
 */
export const visibleText = (text: string) => text.replace(INVISIBLE, escape)

/** visibleText for a CSV cell: tabs and line breaks stay (the cell is quoted). */
export const visibleCellText = (text: string) => text.replace(INVISIBLE_IN_CELL, escape)
