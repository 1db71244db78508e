// Whether the form holds changes not saved yet: fields the editor changed, as react-admin's own
// leave warning judges them. react-hook-form's `isDirty` compares every value with its
// default, and stays true after a save when an input normalizes what the server answered.
import { useFormState } from 'react-hook-form'

export function useUnsavedChanges (): boolean {
  const { dirtyFields } = useFormState()
  return Object.keys(dirtyFields).length > 0
}
