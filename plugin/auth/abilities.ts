/**
 * What a caller may do. Decided once per request from the caller's role or token, then
 * asked by route enforcement, populate pruning and write checks alike.
 */
export interface Ability {
  can: (uid: string, action: string) => boolean
  /** Names the set of grants: two callers with one key may share a pruned query. */
  key: string
}

export const FULL_ACCESS: Ability = { can: () => true, key: 'full-access' }

export const READ_ONLY: Ability = { can: (_uid, action) => action === 'find' || action === 'findOne', key: 'read-only' }

export function grants (key: string, allowed: ReadonlyMap<string, ReadonlySet<string>>): Ability {
  return { can: (uid, action) => allowed.get(uid)?.has(action) === true, key }
}
