/** RFC 6750 b64token: the only characters a Bearer credential may hold, so Node never refuses the header. */
const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/
export const MAX_TOKEN_LENGTH = 4096

/** Why `token` cannot be sent as `Authorization: Bearer <token>`, or null when it can. Never quotes the token. */
export function bearerTokenProblem(token: string): string | null {
  if (token === '') return 'it is empty'
  if (token.length > MAX_TOKEN_LENGTH) return `it is longer than ${MAX_TOKEN_LENGTH} characters`
  if (!B64TOKEN.test(token)) {
    return 'a bearer token holds only letters, digits and - . _ ~ + / (optionally ending in =), with no spaces'
  }
  return null
}
