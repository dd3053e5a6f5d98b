import { openEmbeddedStore } from '../store/embedded.ts'
import { migrate } from '../store/migrations.ts'
import type { Store } from '../store/store.ts'
import type { IndexSettings } from '../app/config.ts'
import { startTestDashboard, type TestDashboard } from './dashboardTestKit.ts'
import { embeddedDataDir } from './embeddedDataDir.ts'

export interface IndexedPair {
  /** With the index, on an embedded store of its own. */
  withIndex: TestDashboard
  /** The same upstream without an index: the server pages the API itself. */
  withoutIndex: TestDashboard
  store: Store
  close(): Promise<void>
}

/** Two dashboards in front of one upstream, one with the index and one without, to compare what each answers. */
export async function startIndexedPair(
  env: Record<string, string | undefined>,
  index: Partial<IndexSettings>,
): Promise<IndexedPair> {
  const store = await openEmbeddedStore(await embeddedDataDir())
  await migrate(store)
  const withIndex = await startTestDashboard({ env, store, index })
  const withoutIndex = await startTestDashboard({ env })
  return {
    withIndex,
    withoutIndex,
    store,
    async close() {
      await withIndex.close()
      await withoutIndex.close()
      await store.close()
    },
  }
}
