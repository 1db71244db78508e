/** Word lists the dataset draws its text from. */

export const CATEGORY_NAMES = [
  'Science', 'Culture', 'Travel', 'Climate', 'Technology', 'Cities',
  'Food', 'Design', 'Health', 'Business', 'Sport', 'Books'
] as const

export const FIRST_NAMES = [
  'Ada', 'Bruno', 'Chen', 'Dolores', 'Emeka', 'Farah', 'Gustav', 'Hana', 'Ines', 'Jonas',
  'Kiri', 'Lucia', 'Mateo', 'Nadia', 'Omar', 'Priya', 'Quentin', 'Rosa', 'Sami', 'Tove'
] as const

export const LAST_NAMES = [
  'Mensah', 'Lefevre', 'Wei', 'Ibarra', 'Okafor', 'Haddad', 'Lindqvist', 'Sato', 'Koval', 'Brandt',
  'Ngata', 'Moretti', 'Silva', 'Petrova', 'Farouk', 'Raman', 'Dubois', 'Alvarez', 'Virtanen', 'Berg'
] as const

export const ADJECTIVES = [
  'quiet', 'long', 'hidden', 'green', 'last', 'small', 'bright', 'slow', 'open', 'cold',
  'lost', 'new', 'old', 'wild', 'rapid', 'deep', 'salt', 'paper', 'silver', 'northern'
] as const

export const NOUNS = [
  'train', 'river', 'harbour', 'garden', 'market', 'library', 'bridge', 'forest', 'kitchen', 'island',
  'engine', 'archive', 'street', 'glacier', 'workshop', 'orchard', 'station', 'valley', 'studio', 'tower',
  'lantern', 'compass', 'meadow', 'canal', 'theatre', 'quarry', 'ferry', 'atlas', 'signal', 'harvest'
] as const

export const TEXT_WORDS = [
  'the', 'a', 'of', 'and', 'to', 'in', 'city', 'water', 'people', 'measure', 'light', 'winter',
  'summer', 'build', 'repair', 'listen', 'travel', 'energy', 'ocean', 'street', 'design', 'history',
  'future', 'map', 'data', 'heat', 'rain', 'soil', 'night', 'morning', 'bread', 'machine', 'story'
] as const

export const BLOCK_KINDS = ['blocks.rich-text', 'blocks.quote', 'blocks.media', 'blocks.related-articles'] as const

export const ARTICLE_STATUSES = ['draft-idea', 'in-review', 'ready'] as const

export function slugify (text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')
}

export function capitalise (text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
