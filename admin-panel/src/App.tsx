// The panel: react-admin's <Admin> over the content manager. Resources come from
// GET /content-manager/init (answered as the authProvider's permissions), one per displayed
// content type, each under the route its API has.
import { Suspense, lazy } from 'react'
import { Admin, CustomRoutes, Loading, Resource } from 'react-admin'
import { Route, RouterProvider, createBrowserRouter } from 'react-router-dom'
import { authProvider } from './auth/auth-provider'
import { LoginPage } from './auth/LoginPage'
import { dataProvider } from './api/data-provider'
import { panelPath } from './api/location'
import type { ContentManagerInit } from './api/schema'
import { resourceOf } from './api/schema'
import { EntryList } from './views/EntryList'
import { EntryCreate, EntryEdit } from './views/EntryEdit'
import { SingleTypeEdit } from './views/SingleTypeEdit'
import { MediaLibrary } from './media/MediaLibrary'
import { ConfigureView } from './settings/ConfigureView'
import { PanelLayout } from './views/PanelLayout'
import { Dashboard } from './views/Dashboard'
import { theme } from './theme'

// Settings screens few admins open: a chunk of their own, loaded on the first visit.
const AdministratorsPage = lazy(async () => ({ default: (await import('./admins/AdministratorsPage')).AdministratorsPage }))

function resources (init: ContentManagerInit | null | undefined) {
  if (init === null || init === undefined) return []
  return init.contentTypes.filter(type => type.isDisplayed).map(type => type.kind === 'singleType'
    ? <Resource key={type.uid} name={resourceOf(type)} options={{ label: type.info.displayName }} list={SingleTypeEdit} />
    : <Resource key={type.uid} name={resourceOf(type)} options={{ label: type.info.displayName }} list={EntryList} edit={EntryEdit} create={EntryCreate} recordRepresentation="id" />)
}

function Panel () {
  return (
    <Admin
      dataProvider={dataProvider}
      authProvider={authProvider}
      loginPage={LoginPage}
      layout={PanelLayout}
      dashboard={Dashboard}
      theme={theme}
      requireAuth
      // react-admin pings its authors' server from production builds unless told not to: the panel calls no other host.
      disableTelemetry
      title="Content manager"
    >
      {(init: ContentManagerInit | null) => (
        <>
          {resources(init)}
          <CustomRoutes>
            <Route path="/media-library" element={<MediaLibrary />} />
            <Route path="/content-manager/collection-types/:uid/configurations/edit" element={<ConfigureView kind="collectionType" />} />
            <Route path="/content-manager/single-types/:uid/configurations/edit" element={<ConfigureView kind="singleType" />} />
            <Route path="/content-manager/components/:uid/configurations/edit" element={<ConfigureView kind="component" />} />
            <Route path="/settings/users" element={<Suspense fallback={<Loading />}><AdministratorsPage /></Suspense>} />
          </CustomRoutes>
        </>
      )}
    </Admin>
  )
}

// Browser history (react-admin's default is the hash) so deep links are real URLs under
// admin.path. A data router, not <BrowserRouter>: react-router blocks navigation (what
// warnWhenUnsavedChanges asks before leaving a changed form) only in a data router, and
// react-admin quietly turns the warning off in any other.
const router = createBrowserRouter([{ path: '*', element: <Panel /> }], { basename: panelPath() })

export function App () {
  return <RouterProvider router={router} />
}
