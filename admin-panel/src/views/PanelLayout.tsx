// The navigation, from the content manager's init: collection types, then single types, then
// the media library; Settings for the Super Admin.
import { Layout, Menu } from 'react-admin'
import type { LayoutProps } from 'react-admin'
import { ListSubheader } from '@mui/material'
import PermMediaIcon from '@mui/icons-material/PermMedia'
import PeopleIcon from '@mui/icons-material/People'
import { useContentManagerInit } from '../api/hooks'
import { resourceOf } from '../api/schema'
import { useMayManageAdmins } from '../auth/permissions'

function PanelMenu () {
  const init = useContentManagerInit()
  const mayManageAdmins = useMayManageAdmins()
  const displayed = init?.contentTypes.filter(type => type.isDisplayed) ?? []
  const collections = displayed.filter(type => type.kind === 'collectionType')
  const singles = displayed.filter(type => type.kind === 'singleType')
  return (
    <Menu aria-label="Content types">
      <ListSubheader disableSticky>Collection types</ListSubheader>
      {collections.map(type => <Menu.ResourceItem key={type.uid} name={resourceOf(type)} />)}
      {singles.length > 0 && <ListSubheader disableSticky>Single types</ListSubheader>}
      {singles.map(type => <Menu.ResourceItem key={type.uid} name={resourceOf(type)} />)}
      <ListSubheader disableSticky>Plugins</ListSubheader>
      <Menu.Item to="/media-library" primaryText="Media library" leftIcon={<PermMediaIcon />} />
      {mayManageAdmins === true && <ListSubheader disableSticky>Settings</ListSubheader>}
      {mayManageAdmins === true && <Menu.Item to="/settings/users" primaryText="Administrators" leftIcon={<PeopleIcon />} />}
    </Menu>
  )
}

export function PanelLayout (props: LayoutProps) {
  return <Layout {...props} menu={PanelMenu} />
}
