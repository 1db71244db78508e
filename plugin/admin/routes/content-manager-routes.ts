/**
 * `GET /content-manager/init` and the view configurations (docs/admin-api.md, 'Content
 * manager'): what the panel needs to draw its menus, lists and forms.
 */
import type { FastifyInstance } from 'fastify'
import type { Registry } from '../../content-types/registry.js'
import { ForbiddenError } from '../../errors.js'
import type { ViewConfigurations } from '../configuration/configurations.js'
import { FIELD_SIZES } from '../configuration/field-sizes.js'
import { componentView, contentTypeView } from '../configuration/schema-view.js'
import { mayConfigure } from '../roles/roles.js'
import { adminOf } from './authentication.js'
import { anyContentTypeParam, componentParam } from './route-tools.js'

export interface ContentManagerRoutesContext {
  registry: Registry
  configurations: ViewConfigurations
}

export function registerContentManagerRoutes ({ registry, configurations }: ContentManagerRoutesContext) {
  // The same for every request: the schemas do not change while the app runs.
  const init = {
    data: {
      fieldSizes: FIELD_SIZES,
      components: [...registry.components.values()].map(componentView),
      contentTypes: [...registry.contentTypes.values()].map(contentTypeView)
    }
  }
  return (scope: FastifyInstance): void => {
    scope.get('/content-manager/init', async () => init)
    scope.get('/content-manager/content-types/:uid/configuration', async (request) => {
      return { data: await configurations.contentType(anyContentTypeParam(registry, request)) }
    })
    scope.put('/content-manager/content-types/:uid/configuration', async (request) => {
      if (!mayConfigure(adminOf(request).role)) throw new ForbiddenError()
      const model = anyContentTypeParam(registry, request)
      await configurations.save(model, request.body)
      return { data: await configurations.contentType(model) }
    })
    scope.get('/content-manager/components/:uid/configuration', async (request) => {
      return { data: await configurations.component(componentParam(registry, request)) }
    })
    scope.put('/content-manager/components/:uid/configuration', async (request) => {
      if (!mayConfigure(adminOf(request).role)) throw new ForbiddenError()
      const model = componentParam(registry, request)
      await configurations.save(model, request.body)
      return { data: await configurations.component(model) }
    })
  }
}
