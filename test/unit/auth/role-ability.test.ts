/** A role's grants are one object for every caller of that role: the handlers find cached queries by it. */
import t from 'tap'
import { roleAbility } from '../../../plugin/auth/caller.js'
import type { ResolvedPermissions } from '../../../plugin/options/permissions.js'

const permissions: ResolvedPermissions = {
  jwtSecret: 'a-test-secret-that-is-long-enough',
  jwtExpiresIn: '30d',
  email: null,
  roles: { public: new Map(), authenticated: new Map([['api::article.article', new Set(['find', 'findOne'])]]) }
}

t.test('two callers of one role share its grants; another role has its own', async t => {
  const first = roleAbility(permissions, 'authenticated')
  t.equal(roleAbility(permissions, 'authenticated'), first, 'the same object')
  t.ok(first.can('api::article.article', 'findOne'))
  t.notOk(first.can('api::article.article', 'delete'))
  const anonymous = roleAbility(permissions, 'public')
  t.not(anonymous, first)
  t.notOk(anonymous.can('api::article.article', 'find'))
  t.equal(anonymous.key, 'role:public')
})

t.test('a role the options do not name has no grants, and one object too', async t => {
  const unknown = roleAbility(permissions, 'editor')
  t.equal(roleAbility(permissions, 'editor'), unknown)
  t.notOk(unknown.can('api::article.article', 'find'))
})
