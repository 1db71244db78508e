// Which input the edit form gives an attribute, from its schema type alone: a pure choice, kept
// apart from the components that draw each input (AttributeInput) so it can be tested by itself.
// It imports nothing, so the server's tests can load it as it is.

export type InputKind =
  | 'text' | 'multiline' | 'email' | 'password' | 'markdown' | 'blocks' | 'select' | 'uid'
  | 'integer' | 'decimal' | 'biginteger' | 'date' | 'time' | 'datetime' | 'boolean' | 'json'
  | 'media' | 'media-list' | 'relation' | 'component' | 'repeatable-component' | 'dynamiczone'

const BY_TYPE: Readonly<Record<string, InputKind>> = {
  string: 'text',
  text: 'multiline',
  email: 'email',
  password: 'password',
  richtext: 'markdown',
  blocks: 'blocks',
  enumeration: 'select',
  uid: 'uid',
  integer: 'integer',
  float: 'decimal',
  decimal: 'decimal',
  biginteger: 'biginteger',
  date: 'date',
  time: 'time',
  datetime: 'datetime',
  timestamp: 'datetime',
  boolean: 'boolean',
  json: 'json',
  relation: 'relation',
  dynamiczone: 'dynamiczone'
}

/** What the choice reads of an attribute (api/schema.ts's Attribute has these). */
export interface InputSchema { type: string, multiple?: boolean, repeatable?: boolean }

/** The input of `attribute`; a type the panel does not know (a custom field's) is a text input. */
export function inputKind (attribute: InputSchema): InputKind {
  if (attribute.type === 'media') return attribute.multiple === true ? 'media-list' : 'media'
  if (attribute.type === 'component') return attribute.repeatable === true ? 'repeatable-component' : 'component'
  return Object.hasOwn(BY_TYPE, attribute.type) ? BY_TYPE[attribute.type]! : 'text'
}
