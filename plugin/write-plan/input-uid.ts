/**
 * The slug a `uid` attribute gets from its target field when a create leaves it out
 * (docs/decisions.md, 'Writes'): lower-case ASCII letters and digits joined by dashes, or as the
 * attribute's `options` say (`separator`, `lowercase: false`), as Strapi's uid service does.
 */

/** Letters NFKD does not split into a base letter and a mark. */
const SPELLED_OUT: Readonly<Record<string, string>> = {
  ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ı: 'i'
}

/** Leaves room under varchar(255) for a `-N` suffix. */
export const SLUG_MAX_LENGTH = 240

export interface SlugOptions {
  separator?: string
  lowercase?: boolean
}

/** A spelled-out letter keeps the case it had (`Ø` → `O`, `æ` → `ae`). */
function spellOut (letter: string): string {
  const lower = letter.toLowerCase()
  const spelled = SPELLED_OUT[lower]
  if (spelled === undefined) return letter
  return letter === lower ? spelled : spelled[0]!.toUpperCase() + spelled.slice(1)
}

export function slugify (text: string, maxLength = SLUG_MAX_LENGTH, options: SlugOptions = {}): string {
  const separator = options.separator ?? '-'
  const cased = options.lowercase === false ? text : text.toLowerCase()
  const ascii = cased
    .replace(/[ßæœøđðłþıÆŒØĐÐŁÞ]/g, spellOut)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
  const joined = ascii.replace(/[^A-Za-z0-9]+/g, ' ').trim().replaceAll(' ', separator)
  // Cut to the limit without leaving a separator (or a piece of one) at either end.
  return joined.slice(0, maxLength).replace(/^[-_.~]+|[-_.~]+$/g, '')
}
