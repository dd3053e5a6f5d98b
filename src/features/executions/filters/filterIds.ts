/** The `/` shortcut focuses this field (the metadata filter's key). */
export const METADATA_KEY_INPUT_ID = 'metadata-key'
