/**
 * The UID-derived tie-break of Karmada's Webster apportionment (the same in
 * every supported release): equal priorities go to the party with fewer
 * seats, then by name, ascending or descending depending on the parity of
 * FNV-1a-32 of the resource UID.
 *
 * @public
 */

export type NameOrder = 'ascending' | 'descending';

const FNV_OFFSET_BASIS = 0x811c9dc5; // 2166136261
const FNV_PRIME = 0x01000193; // 16777619

/**
 * 32-bit FNV-1a over the UTF-8 bytes of `text`, as an unsigned integer.
 *
 * @public
 */
export function fnv1a32(text: string): number {
  let hash = FNV_OFFSET_BASIS;
  const bytes = new TextEncoder().encode(text);
  for (let index = 0; index < bytes.length; index++) {
    hash ^= bytes[index];
    // Math.imul keeps the multiplication modulo 2^32 like Go's uint32.
    hash = Math.imul(hash, FNV_PRIME);
  }
  return hash >>> 0;
}

/**
 * Empty UID: ascending; odd hash: descending; even hash: ascending.
 *
 * @public
 */
export function nameOrderForUid(uid: string | undefined): NameOrder {
  if (!uid) return 'ascending';
  return (fnv1a32(uid) & 1) === 1 ? 'descending' : 'ascending';
}
