/** See servedGzip.mjs. */
export function servedGzip(bytes: Uint8Array): Promise<Buffer>
