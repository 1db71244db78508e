/**
 * The slug a `uid` attribute gets from its target field when a create leaves it out
 * (DECISIONS §5 Δ): lower-case ASCII letters and digits joined by dashes.
 */

/** Letters NFKD does not split into a base letter and a mark. */
const SPELLED_OUT: Readonly<Record<string, string>> = {
  ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ı: 'i'
}

/** Leaves room under varchar(255) for a `-N` suffix. */
export const SLUG_MAX_LENGTH = 240

export function slugify (text: string, maxLength = SLUG_MAX_LENGTH): string {
  const ascii = text
    .toLowerCase()
    .replace(/[ßæœøđðłþı]/g, letter => SPELLED_OUT[letter] ?? letter)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
  return ascii
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, maxLength)
    .replace(/^-+|-+$/g, '')
}
