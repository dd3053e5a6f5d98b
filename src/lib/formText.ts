/** A text field of a submitted form, or '' (a file input or a missing field is no text). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}
