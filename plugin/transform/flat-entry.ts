/**
 * An entry as Strapi's lifecycle hooks and event listeners see it: flat, `{ id, ...attributes }`,
 * not the API's `{ id, attributes, meta }`.
 */
export function flatEntry (json: string): Record<string, unknown> {
  const { id, attributes } = JSON.parse(json) as { id: unknown, attributes?: Record<string, unknown> }
  return { id, ...attributes }
}
