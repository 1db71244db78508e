/** Small helpers to write TypeScript source text. */

export function stringLiteral (text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
}

/** A union of string literals, or `string` when there are none. */
export function literalUnion (values: readonly string[]): string {
  return values.length === 0 ? 'string' : values.map(stringLiteral).join(' | ')
}

export function orNull (type: string, nullable: boolean): string {
  // `unknown` already holds null.
  return nullable && type !== 'unknown' ? `${type} | null` : type
}

/** `Array<A | B>`: the long form, so unions need no parentheses. */
export function arrayOf (type: string): string {
  return /^[A-Za-z0-9_]+$/.test(type) ? `${type}[]` : `Array<${type}>`
}

export interface PropertySource {
  name: string
  type: string
  optional: boolean
  doc?: string
}

function docComment (text: string, indent: string): string {
  return `${indent}/** ${text.replace(/\*\//g, '*\\/')} */\n`
}

export function interfaceSource (name: string, properties: readonly PropertySource[], doc?: string): string {
  const body = properties.map(property =>
    `${property.doc === undefined ? '' : docComment(property.doc, '  ')}  ${property.name}${property.optional ? '?' : ''}: ${property.type}\n`
  ).join('')
  return `${doc === undefined ? '' : docComment(doc, '')}export interface ${name} {\n${body}}\n`
}

export function typeAliasSource (name: string, type: string, doc?: string): string {
  return `${doc === undefined ? '' : docComment(doc, '')}export type ${name} = ${type}\n`
}
