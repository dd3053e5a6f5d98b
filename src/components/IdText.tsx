import { visibleText } from '../../shared/visibleText'

/**
 * An id written inside a sentence (a toast, a dialog, a status line): isolated (bdi, and `.mono`'s
 * unicode-bidi), its control and format characters drawn as escapes, so a right-to-left override in it never
 * reverses the words around it ("…deludehcser exe.live").
 */
export function IdText({ id }: { id: string }) {
  return <bdi className="mono">{visibleText(id)}</bdi>
}
