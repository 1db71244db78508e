// One labelled input per attribute type, chosen from the schema at run time (input-kind.ts).
import { Suspense, lazy } from 'react'
import { LinearProgress } from '@mui/material'
import { BooleanInput, DateInput, DateTimeInput, NumberInput, PasswordInput, SelectInput, TextInput, email as emailRule, maxLength, minLength, maxValue, minValue, required } from 'react-admin'
import type { Validator } from 'react-admin'
import { FormHelperText } from '@mui/material'
import type { ReactNode } from 'react'
import type { Attribute } from '../api/schema'
import { ComponentInput } from './ComponentInput'
import { DynamicZoneInput } from './DynamicZoneInput'
import { JsonInput } from './JsonInput'
import { MarkdownInput } from './MarkdownInput'
import { MediaInput } from './MediaInput'
import { RelationInput } from './RelationInput'
import { UidInput } from './UidInput'
import { useFormSchema } from './form-schema'
import { inputKind } from './input-kind'

// The block editor (Slate) is most of a quarter of the bundle and only blocks fields use it:
// its own chunk, loaded when a form first shows one.
const BlocksInput = lazy(async () => ({ default: (await import('./BlocksInput')).BlocksInput }))

export interface AttributeInputProps {
  source: string
  name: string
  attribute: Attribute
  label: string
  /** The configuration's description of the field, shown under it ('' for none). */
  description?: string
  disabled?: boolean
}

function rules (attribute: Attribute): Validator[] {
  const list: Validator[] = []
  if (attribute.required === true && !['boolean', 'relation', 'component', 'dynamiczone', 'media'].includes(attribute.type)) list.push(required())
  if (attribute.minLength !== undefined) list.push(minLength(attribute.minLength))
  if (attribute.maxLength !== undefined) list.push(maxLength(attribute.maxLength))
  if (attribute.min !== undefined && typeof attribute.min === 'number') list.push(minValue(attribute.min))
  if (attribute.max !== undefined && typeof attribute.max === 'number') list.push(maxValue(attribute.max))
  return list
}

const parseTime = (value: string) => value === '' ? null : value.length === 5 ? `${value}:00.000` : value
const formatTime = (value: unknown) => typeof value === 'string' ? value.slice(0, 8) : ''

export function AttributeInput (props: AttributeInputProps) {
  const { description = '' } = props
  // react-admin's own inputs show the description as their helper text (where errors replace it); the panel's own, under them.
  const input = <KindInput {...props} helperText={description === '' ? false : description} />
  if (description === '' || REACT_ADMIN_KINDS.has(inputKind(props.attribute))) return input
  return (
    <>
      {input}
      <FormHelperText>{description}</FormHelperText>
    </>
  )
}

const REACT_ADMIN_KINDS: ReadonlySet<string> = new Set(['text', 'multiline', 'email', 'password', 'select', 'integer', 'decimal', 'biginteger', 'date', 'time', 'datetime', 'boolean'])

function KindInput (props: AttributeInputProps & { helperText: string | false }): ReactNode {
  const { source, attribute, label, disabled, name, helperText } = props
  const schema = useFormSchema()
  // A new entry starts from the schema's defaults.
  const common = { source, label, disabled, validate: rules(attribute), fullWidth: true, helperText, defaultValue: attribute.default }
  switch (inputKind(attribute)) {
    case 'text': return <TextInput {...common} />
    case 'multiline': return <TextInput {...common} multiline minRows={3} />
    case 'email': return <TextInput {...common} type="email" validate={[...common.validate, emailRule()]} />
    case 'password': return <PasswordInput {...common} autoComplete="new-password" />
    case 'markdown': return <MarkdownInput source={source} label={label} />
    case 'blocks': return <Suspense fallback={<LinearProgress aria-label={`Loading the ${label} editor`} />}><BlocksInput source={source} label={label} /></Suspense>
    case 'select': return <SelectInput {...common} choices={(attribute.enum ?? []).map(value => ({ id: value, name: value }))} emptyText="(none)" />
    case 'uid': return <UidInput source={source} label={label} field={name} targetField={attribute.targetField} />
    case 'integer': return <NumberInput {...common} step={1} />
    case 'decimal': return <NumberInput {...common} step="any" />
    case 'biginteger': return <TextInput {...common} inputProps={{ inputMode: 'numeric', pattern: '-?[0-9]*' }} />
    case 'date': return <DateInput {...common} />
    case 'time': return <TextInput {...common} type="time" inputProps={{ step: 1 }} parse={parseTime} format={formatTime} InputLabelProps={{ shrink: true }} />
    case 'datetime': return <DateTimeInput {...common} />
    case 'boolean': return <BooleanInput source={source} label={label} disabled={disabled} helperText={helperText} defaultValue={attribute.default ?? false} />
    case 'json': return <JsonInput source={source} label={label} />
    case 'media': case 'media-list': return <MediaInput source={source} label={label} multiple={attribute.multiple === true} />
    case 'relation': return <RelationInput source={source} label={label} field={name} attribute={attribute} />
    case 'component': case 'repeatable-component': {
      const component = schema.components.get(attribute.component ?? '')
      return component === undefined ? null : <ComponentInput source={source} label={label} component={component} repeatable={attribute.repeatable === true} />
    }
    case 'dynamiczone': return <DynamicZoneInput source={source} label={label} allowed={attribute.components ?? []} />
  }
}
