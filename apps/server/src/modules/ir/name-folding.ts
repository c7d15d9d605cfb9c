/**
 * A name as member search compares it (docs/product/ir.md §1: any case, with or without
 * accents): decomposed, without its combining marks, in lower case, with single spaces. Stored
 * beside every member's name and applied to the search text, so the trigram index needs no
 * `unaccent`, which PGlite lacks (decision record 0042).
 */
export function foldName(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * The words of a folded name or search text, split where the database splits a member's name
 * (`ir_name_words`, migration 0020): at spaces, slashes and hyphens, so that "a/l" and
 * "Nor-Azizah" are two words each (decision record 0046).
 */
export function nameWords(folded: string): string[] {
  return folded.split(/[ /-]+/).filter((word) => word !== '');
}
