/**
 * How wide each kind of field is in the edit view, on Strapi's 12-column grid, and what
 * Strapi calls the kind of an attribute (its schema `type`).
 */
import type { Attribute } from '../../content-types/model.js'

export interface FieldSize {
  default: number
  isResizable: boolean
}

const FULL_ROW: FieldSize = { default: 12, isResizable: false }
const HALF_ROW: FieldSize = { default: 6, isResizable: true }
const QUARTER_ROW: FieldSize = { default: 4, isResizable: true }

export const GRID_COLUMNS = 12

/** Strapi v4's default sizes (`GET /content-manager/init`'s `fieldSizes`). */
export const FIELD_SIZES: Readonly<Record<string, FieldSize>> = {
  dynamiczone: FULL_ROW,
  component: FULL_ROW,
  json: FULL_ROW,
  richtext: FULL_ROW,
  blocks: FULL_ROW,
  array: FULL_ROW,
  string: HALF_ROW,
  text: HALF_ROW,
  email: HALF_ROW,
  password: HALF_ROW,
  uid: HALF_ROW,
  enumeration: HALF_ROW,
  media: HALF_ROW,
  relation: HALF_ROW,
  datetime: HALF_ROW,
  timestamp: HALF_ROW,
  integer: QUARTER_ROW,
  biginteger: QUARTER_ROW,
  float: QUARTER_ROW,
  decimal: QUARTER_ROW,
  date: QUARTER_ROW,
  time: QUARTER_ROW,
  boolean: QUARTER_ROW
}

/** The attribute's `type` as a Strapi schema writes it. */
export function strapiType (attribute: Attribute): string {
  return attribute.kind === 'scalar' ? attribute.type : attribute.kind
}

export function fieldSize (attribute: Attribute): FieldSize {
  return FIELD_SIZES[strapiType(attribute)] ?? HALF_ROW
}
