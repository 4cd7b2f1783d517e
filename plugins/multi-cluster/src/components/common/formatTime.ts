/** `2026-12-02 16:00:00Z`: an ISO time from the backend, easier to read. */
export function formatTime(iso: string): string {
  return iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z');
}
