/** The page's title (h1): where focus goes when what had it closes and nothing else is its place. */
export const PAGE_TITLE_ID = 'page-title'
export const focusPageTitle = () => document.getElementById(PAGE_TITLE_ID)?.focus()
