/** The text of `--help`: every command, its options and the environment it reads. */
export const USAGE = `Usage: fastify-content-api <command> [options]

Commands:
  serve          Serve the content API for a folder of Strapi v4 schema files
                   --schemas DIR    folder with content-types/*.json and components/<category>/*.json
                                    (a Strapi project's src/ layout works too)   [required]
                   --port N         port to listen on                            [default: 1337]
                   --host H         address to listen on                         [default: 127.0.0.1]
                   --permissions F  JSON file { "roles": { ... } } turning access control on
                                    (needs JWT_SECRET)                           [optional]
                   --locales L      i18n locales, comma-separated, the first the default
                                    (e.g. en,fr,de)                              [optional]
                   --custom-fields C  custom fields beyond the known ones and the type each
                                    stores, e.g. plugin::star-rating.stars=integer,global::mood=string
                                                                                 [optional]
  import:strapi  Copy a Strapi v4 or v5 site into this app's database (ids, order, drafts, locales,
                 media, users, admin users); Strapi's database is only read
                   --from URL       Strapi's database: postgres://…/db, mysql://…/db
                                    (MariaDB too) or sqlite:path/to/data.db      [required]
                   --schemas DIR    Strapi's src/ (or a schema folder)           [required]
                   --uploads DIR    Strapi's public/uploads, copied to storage   [optional]
                   --locales L      as for serve                    [default: Strapi's locales]
                   --check          report what would be imported, write nothing
                   --replace        replace the content of a non-empty database
                   --verify URL     afterwards, compare reads with the Strapi at URL
                   --custom-fields C  as for serve                               [optional]
  types          Write TypeScript declarations of every content type and component
                   --schemas DIR    the schema folder                           [required]
                   --out FILE       file to write                                [default: stdout]
                   --locales L      as for serve, so localized types get locale  [optional]
                   --custom-fields C  as for serve                               [optional]
                   --api-format F   v4 or v5: the app's apiFormat                [default: v4]
  graphql:schema Print the GraphQL schema (SDL) served with the graphql option
                   --schemas DIR    the schema folder                           [required]
                   --out FILE       file to write                                [default: stdout]
                   --locales L      as for serve, so localized types get locale  [optional]
                   --sorted         types and fields in alphabetical order       [optional]
                   --custom-fields C  as for serve                               [optional]
  admin:create   Create an admin user (used for createdBy/updatedBy)
                   --email E --firstname F --lastname L --password P            [all required]
                   --role R         super-admin, editor or author                [default: super-admin]
                   --schemas DIR    the schema folder of the served app          [optional]
                   --custom-fields C  as for serve                               [optional]
  tokens:create  Create an API token; its key is printed once and stored only as a hash
                   --schemas DIR    the schema folder of the served app          [required]
                   --name N         a unique name                                [required]
                   --type T         read-only, full-access or custom             [required]
                   --permissions J  for custom: JSON { "<uid>": ["find", ...] }  [optional]
                   --lifespan-days D  days until it expires                      [default: never]
                   --custom-fields C  as for serve                               [optional]

Environment:
  DATABASE_URL          PostgreSQL connection string; unset: embedded PGlite in ./.data
  CONTENT_API_DATA_DIR  folder of the embedded database                          [default: ./.data]
  JWT_SECRET            secret of user JWTs and API token hashes (serve --permissions, tokens:create)

Options:
  -h, --help     show this help
`
