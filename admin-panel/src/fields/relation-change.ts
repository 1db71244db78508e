// The form value of a relation the editor changed: what the content manager's write body takes.
export interface RelationChange {
  connect: Array<{ id: number | string, position?: { before?: number | string, after?: number | string, end?: true, start?: true } }>
  disconnect: Array<{ id: number | string }>
}

export function isRelationChange (value: unknown): value is RelationChange {
  return value !== null && typeof value === 'object' && Array.isArray((value as RelationChange).connect) && Array.isArray((value as RelationChange).disconnect)
}
