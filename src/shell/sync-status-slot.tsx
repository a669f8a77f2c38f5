/**
 * SLOT: the offline sync status (online/offline, waiting and failed changes) goes here, built by the
 * offline team on top of src/data. The header already reserves its place; it renders nothing for now.
 */
export function SyncStatusSlot() {
  return null;
}
