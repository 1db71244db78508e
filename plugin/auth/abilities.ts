/**
 * What a caller may do. Decided once per request from the caller's role or token, then
 * asked by route enforcement, populate pruning and write checks alike.
 */
export interface Ability {
  can: (uid: string, action: string) => boolean
}

export const FULL_ACCESS: Ability = { can: () => true }

export const READ_ONLY: Ability = { can: (_uid, action) => action === 'find' || action === 'findOne' }

export function grants (allowed: ReadonlyMap<string, ReadonlySet<string>>): Ability {
  return { can: (uid, action) => allowed.get(uid)?.has(action) === true }
}
