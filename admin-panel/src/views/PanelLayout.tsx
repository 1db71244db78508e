// The navigation, from the content manager's init: collection types, then single types, then
// the media library.
import { Layout, Menu } from 'react-admin'
import type { LayoutProps } from 'react-admin'
import { ListSubheader } from '@mui/material'
import PermMediaIcon from '@mui/icons-material/PermMedia'
import { useContentManagerInit } from '../api/hooks'
import { resourceOf } from '../api/schema'

function PanelMenu () {
  const init = useContentManagerInit()
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
    </Menu>
  )
}

export function PanelLayout (props: LayoutProps) {
  return <Layout {...props} menu={PanelMenu} />
}
