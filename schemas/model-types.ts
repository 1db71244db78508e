/** The model types the schema builders read, re-exported so `schemas/` has one import. */
export type { Attribute, Model } from '../plugin/content-types/model.js'
export type { Registry } from '../plugin/content-types/registry.js'
