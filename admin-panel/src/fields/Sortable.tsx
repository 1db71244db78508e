// Drag-and-drop reordering (dnd-kit) for the form's lists: to-many relation links, repeatable
// components, dynamic-zone items. An item moves by its handle only, so its inputs keep their
// own mouse; the move buttons stay for keyboard users (the handle also takes Space and arrows).
import type { CSSProperties, ReactNode } from 'react'
import { IconButton } from '@mui/material'
import DragIndicatorIcon from '@mui/icons-material/DragIndicator'
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors } from '@dnd-kit/core'
import type { DragEndEvent, DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core'
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'

/** A list whose items (`ids`, in order) can be dragged; a drop calls `move(from, to)` with their indexes. */
export function SortableList ({ ids, move, children }: { ids: string[], move: (from: number, to: number) => void, children: ReactNode }) {
  // A few pixels before a drag starts: a click on the handle stays a click.
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates })
  )
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over === null || active.id === over.id) return
    const from = ids.indexOf(String(active.id))
    const to = ids.indexOf(String(over.id))
    if (from !== -1 && to !== -1) move(from, to)
  }
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>{children}</SortableContext>
    </DndContext>
  )
}

export interface SortableItem {
  /** For the item's outer element. */
  ref: (element: HTMLElement | null) => void
  style: CSSProperties
  /** For its DragHandle. */
  handle: { attributes: DraggableAttributes, listeners: DraggableSyntheticListeners }
}

/** One item of a SortableList: where it is drawn while dragged, and what its handle listens to. */
export function useSortableItem (id: string): SortableItem {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id })
  return {
    ref: setNodeRef,
    style: { transform: CSS.Translate.toString(transform), transition, position: 'relative', zIndex: isDragging ? 1 : undefined },
    handle: { attributes, listeners }
  }
}

export function DragHandle ({ label, handle }: { label: string, handle: SortableItem['handle'] }) {
  return (
    <IconButton
      size="small"
      {...handle.attributes}
      {...handle.listeners}
      aria-label={`Drag ${label}`}
      sx={{ cursor: 'grab', touchAction: 'none' }}
      // Inside an accordion's summary a click would fold the item.
      onClick={event => { event.stopPropagation() }}
    >
      <DragIndicatorIcon fontSize="small" />
    </IconButton>
  )
}
