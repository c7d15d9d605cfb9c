/**
 * A name as member search compares it (docs/product/ir.md §1: any case, with or without
 * accents): decomposed, without its combining marks, in lower case, with single spaces. Stored
 * beside every member's name and applied to the search text, so the trigram index needs no
 * `unaccent`, which PGlite lacks (decision record 0042).
 */
export function foldName(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}
