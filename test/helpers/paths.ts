/** Fixture locations shared by tests. */
export const EXAMPLE_SCHEMAS = new URL('../../example/content', import.meta.url).pathname
export const STRAPI_PROJECT_FIXTURE = new URL('../fixtures/strapi-project', import.meta.url).pathname
export const STRAPI_V4_PROJECT = new URL('../fixtures/strapi-v4-project', import.meta.url).pathname
/** A Strapi v4 project whose relations name other sides that are missing or do not point back, with Strapi 4.26.2's answers. */
export const STRAPI_MISSING_SIDE_PROJECT = new URL('../fixtures/strapi-missing-side-project', import.meta.url).pathname
