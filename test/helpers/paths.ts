/** Fixture locations shared by tests. */
export const EXAMPLE_SCHEMAS = new URL('../../example/content', import.meta.url).pathname
export const STRAPI_PROJECT_FIXTURE = new URL('../fixtures/strapi-project', import.meta.url).pathname
export const STRAPI_V4_PROJECT = new URL('../fixtures/strapi-v4-project', import.meta.url).pathname
