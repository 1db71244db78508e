import { Card, CardContent, Typography } from '@mui/material'
import { Title, useGetIdentity } from 'react-admin'

export function Dashboard () {
  const { identity } = useGetIdentity()
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Content manager" />
      <CardContent>
        <Typography variant="h5" component="h1">
          Welcome
          {identity?.fullName === undefined ? '' : `, ${identity.fullName}`}
        </Typography>
        <Typography>Pick a content type in the menu to list, create and edit its entries, or open the media library.</Typography>
      </CardContent>
    </Card>
  )
}
