/** A row id in a write body: an integer, or its digits as text, within PostgreSQL's `integer`. */
import { Type } from '@sinclair/typebox'
import { MAX_ROW_ID } from '../plugin/content-types/row-ids.js'

export const ROW_ID = Type.Union([Type.Integer({ minimum: 1, maximum: MAX_ROW_ID }), Type.String({ pattern: '^\\d{1,10}$' })])
