export const CACHE_DIR: string
export const BROWSER_PATH_FILE: string
export const DEV_STORE_TEMPLATE: string
export const DEV_SERVER_BUNDLES: string
export const DEV_BUILD_DIR: string
