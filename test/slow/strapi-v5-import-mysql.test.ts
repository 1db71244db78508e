/** import:strapi from the Strapi 5.54.0 fixture's mysql database: test/helpers/strapi-v5-import-suite.ts. */
import { importsV5Site } from '../helpers/strapi-v5-import-suite.js'

importsV5Site('mysql')
