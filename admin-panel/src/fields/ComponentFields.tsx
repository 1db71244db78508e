// A component's attributes as inputs under a path prefix ('seo', 'blocks.2').
import { Grid } from '@mui/material'
import type { ComponentSchema } from '../api/schema'
import { AttributeInput } from './AttributeInput'

export function ComponentFields ({ prefix, component }: { prefix: string, component: ComponentSchema }) {
  return (
    <Grid container spacing={2}>
      {Object.entries(component.attributes).filter(([name]) => name !== 'id').map(([name, attribute]) => (
        <Grid key={name} size={{ xs: 12, md: ['component', 'dynamiczone', 'json', 'richtext', 'blocks'].includes(attribute.type) ? 12 : 6 }}>
          <AttributeInput source={`${prefix}.${name}`} name={name} attribute={attribute} label={name} />
        </Grid>
      ))}
    </Grid>
  )
}
