/**
 * Registers Strapi v5's content routes (docs/strapi-v5.md, 'Endpoints') for every content
 * type: `/<pluralName>` and `/<pluralName>/:id` (the id being a documentId), and a single
 * type's `/<singularName>`.
 */
import type { FastifyInstance, FastifySchema } from 'fastify'
import { ERROR_RESPONSE_ID } from '../../../schemas/index.js'
import type { ContentTypeModel } from '../../content-types/model.js'
import { v5OperationDocs } from '../../openapi/v5-documentation.js'
import { RenderedAnswers } from '../rendered-answers.js'
import { NotFoundError } from '../../errors.js'
import type { ControllerFactory } from '../../options/controllers.js'
import { sendV5, v5RouteHandlers } from './v5-controllers.js'
import { v5Handlers } from './v5-handlers.js'
import { v5SingleHandlers } from './v5-single.js'
import type { V5Context } from './v5-tools.js'

/** Answers are JSON text rendered by PostgreSQL; only errors go through a serializer. The rest documents the operation. */
function schema (model: ContentTypeModel, operation: Parameters<typeof v5OperationDocs>[1], hide = false): FastifySchema {
  return {
    ...v5OperationDocs(model, operation),
    ...(hide ? { hide } : {}),
    response: {
      '4xx': { $ref: `${ERROR_RESPONSE_ID}#` },
      '5xx': { $ref: `${ERROR_RESPONSE_ID}#` }
    }
  }
}

export interface V5Mount extends Omit<V5Context, 'answers'> {
  /** The `controllers` option: per content type uid, handlers replacing or wrapping the core ones. */
  controllers: Record<string, ControllerFactory>
}

/** A single type has no entry by id and no create (its POST is the 405): as v4's, those core handlers are no route. */
async function notARoute (): Promise<string> {
  throw new NotFoundError()
}

export function registerV5Routes (app: FastifyInstance, { controllers, ...mount }: V5Mount): void {
  // One store of sent bodies per shape for every content type of this mount, as the v4 routes keep one.
  const context: V5Context = { ...mount, answers: { v5: new RenderedAnswers(), v4: new RenderedAnswers() } }
  const trailingSlashIsSame = app.initialConfig as { ignoreTrailingSlash?: boolean, routerOptions?: { ignoreTrailingSlash?: boolean } }
  const slashIgnored = trailingSlashIsSame.ignoreTrailingSlash === true || trailingSlashIsSame.routerOptions?.ignoreTrailingSlash === true
  for (const model of context.registry.contentTypes.values()) {
    if (model.single) {
      const single = v5SingleHandlers(context, model)
      const handlers = v5RouteHandlers({ ...single, findOne: notARoute, create: notARoute }, controllers[model.uid])
      const url = `/${model.singularName}`
      app.get(url, { schema: schema(model, 'find') }, handlers.find)
      app.put(url, { schema: schema(model, 'update') }, handlers.update)
      app.delete(url, { schema: schema(model, 'delete') }, handlers.delete)
      // Strapi 5's 405, not an operation of the API.
      app.post(url, { schema: schema(model, 'create', true) }, sendV5(single.create))
      continue
    }
    const handlers = v5RouteHandlers(v5Handlers(context, model), controllers[model.uid])
    const list = `/${model.pluralName}`
    // The `/x/` alias of a list path is the same operation, documented once.
    for (const url of slashIgnored ? [list] : [list, `${list}/`]) {
      app.get(url, { schema: schema(model, 'find', url !== list) }, handlers.find)
      app.post(url, { schema: schema(model, 'create', url !== list) }, handlers.create)
    }
    const entry = `${list}/:id`
    app.get(entry, { schema: schema(model, 'findOne') }, handlers.findOne)
    app.put(entry, { schema: schema(model, 'update') }, handlers.update)
    app.delete(entry, { schema: schema(model, 'delete') }, handlers.delete)
  }
}
