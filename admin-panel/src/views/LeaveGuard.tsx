// Asks before leaving a form that holds unsaved changes: inside the app (react-router's blocker)
// and when the tab closes (beforeunload). The panel's own rather than react-admin's
// warnWhenUnsavedChanges, which carries a blocked navigation out by itself once the form is
// clean (meant for a save's own redirect): the router renders the reset of a navigation the
// editor declined a little later, so a save right after "stay" could still leave the form.
import { useEffect, useRef } from 'react'
import { useTranslate } from 'react-admin'
import { useFormState } from 'react-hook-form'
import { useBlocker } from 'react-router-dom'
import type { Location } from 'react-router-dom'
import { useUnsavedChanges } from './unsaved-changes'

export function LeaveGuard (): null {
  const translate = useTranslate()
  const changed = useUnsavedChanges()
  const { isSubmitSuccessful } = useFormState()
  const safe = !changed || isSubmitSuccessful
  // The navigation the editor chose to stay from: never carried out later.
  const declined = useRef<Location | null>(null)
  // Moving within the form's own path (a tab of it) keeps the form, so it is not asked about.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => !safe && !nextLocation.pathname.startsWith(currentLocation.pathname))

  useEffect(() => {
    if (blocker.state !== 'blocked' || blocker.location === declined.current) return
    if (safe) {
      // A save's redirect, blocked in the tick before the save reset the form.
      blocker.proceed()
      return
    }
    if (window.confirm(translate('ra.message.unsaved_changes'))) {
      blocker.proceed()
    } else {
      declined.current = blocker.location
      blocker.reset()
    }
    // The blocker is a new object on every render; its state and the form's are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocker.state, safe])

  useEffect(() => {
    if (safe) return
    const ask = (event: BeforeUnloadEvent) => { event.preventDefault() }
    window.addEventListener('beforeunload', ask)
    return () => { window.removeEventListener('beforeunload', ask) }
  }, [safe])
  return null
}
