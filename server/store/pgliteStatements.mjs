// How the embedded database runs one statement, for its worker (embeddedWorker.mjs) and the build's template
// (scripts/pglite-template.mjs). Plain JavaScript: Node runs it as is in dev, tests, the build and production.

/** @param {import('@electric-sql/pglite').PGlite | import('@electric-sql/pglite').Transaction} db */
export async function runStatement(db, sql, params) {
  if (params && params.length > 0) return (await db.query(sql, params)).rows
  // Without parameters: the simple protocol, which also takes several statements (migrations).
  const results = await db.exec(sql)
  return results.at(-1)?.rows ?? []
}
