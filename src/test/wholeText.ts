import type { MatcherFunction } from '@testing-library/react'

/**
 * Matches the element whose whole text is `text`, ids in it written as their own elements (components/IdText)
 * included: getByText alone matches only an element's own text nodes.
 */
export const wholeText =
  (text: string): MatcherFunction =>
  (_content, element) =>
    element?.textContent === text && [...element.children].every((child) => child.textContent !== text)
