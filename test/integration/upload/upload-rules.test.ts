/**
 * The media plugin's pure rules, without a server: type detection from bytes, media kinds,
 * name cleaning, format boxes and the `upload` option.
 */
import t from 'tap'
import { formatBoxes } from '../../../plugin/upload/formats.js'
import { cleanFileName, extensionOf, fileHash } from '../../../plugin/upload/file-name.js'
import { detectType, mediaKindOf } from '../../../plugin/upload/mime.js'
import { resolveUploadOptions } from '../../../plugin/options/upload.js'

const bytes = (...values: Array<number | string>): Uint8Array =>
  Buffer.concat(values.map(value => typeof value === 'string' ? Buffer.from(value, 'latin1') : Buffer.from([value])))

t.test('types come from the bytes; the claimed extension only picks a variant', async t => {
  const cases: Array<[string, Uint8Array, string, { mime: string, ext: string }]> = [
    ['png', bytes(0x89, 'PNG\r\n', 0x1a, '\n', 'rest'), '.gif', { mime: 'image/png', ext: '.png' }],
    ['jpeg named .jpeg', bytes(0xff, 0xd8, 0xff, 0xe0), '.jpeg', { mime: 'image/jpeg', ext: '.jpeg' }],
    ['gif', bytes('GIF89a....'), '', { mime: 'image/gif', ext: '.gif' }],
    ['webp', bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '), '.png', { mime: 'image/webp', ext: '.webp' }],
    ['wav', bytes('RIFF', 0, 0, 0, 0, 'WAVEfmt '), '', { mime: 'audio/wav', ext: '.wav' }],
    ['mp4', bytes(0, 0, 0, 0x18, 'ftypisom', 0, 0, 0, 0), '.mp4', { mime: 'video/mp4', ext: '.mp4' }],
    ['quicktime', bytes(0, 0, 0, 0x14, 'ftypqt  '), '.mp4', { mime: 'video/quicktime', ext: '.mov' }],
    ['avif', bytes(0, 0, 0, 0x1c, 'ftypavif'), '', { mime: 'image/avif', ext: '.avif' }],
    ['webm', bytes(0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84, 'webm'), '', { mime: 'video/webm', ext: '.webm' }],
    ['mp3 with ID3', bytes('ID3', 4, 0), '.wav', { mime: 'audio/mpeg', ext: '.mp3' }],
    ['mp3 frame', bytes(0xff, 0xfb, 0x90, 0x64), '', { mime: 'audio/mpeg', ext: '.mp3' }],
    ['ogg', bytes('OggS', 0, 2), '', { mime: 'audio/ogg', ext: '.ogg' }],
    ['flac', bytes('fLaC'), '', { mime: 'audio/flac', ext: '.flac' }],
    ['pdf', bytes('%PDF-1.7\n'), '.txt', { mime: 'application/pdf', ext: '.pdf' }],
    ['docx is a zip', bytes('PK', 3, 4, 20, 0), '.docx', { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ext: '.docx' }],
    ['plain zip', bytes('PK', 3, 4, 20, 0), '.png', { mime: 'application/zip', ext: '.zip' }],
    ['svg', bytes('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'), '.txt', { mime: 'image/svg+xml', ext: '.svg' }],
    ['csv keeps its name', bytes('a,b\n1,2\n'), '.csv', { mime: 'text/csv', ext: '.csv' }],
    ['text named .png', bytes('hello'), '.png', { mime: 'text/plain', ext: '.txt' }],
    ['text named .html', bytes('<html></html>'), '.html', { mime: 'text/plain', ext: '.txt' }],
    ['text starting with BM', bytes('BMW cars are fast'), '.bmp', { mime: 'text/plain', ext: '.txt' }],
    ['empty', bytes(), '.png', { mime: 'text/plain', ext: '.txt' }],
    ['unknown binary keeps a passive extension', bytes(0, 1, 2, 0xfe), '.psd', { mime: 'application/octet-stream', ext: '.psd' }],
    ['unknown binary loses an active one', bytes(0, 1, 2, 0xfe), '.svg', { mime: 'application/octet-stream', ext: '.bin' }]
  ]
  for (const [label, head, claimed, expected] of cases) t.same(detectType(head, claimed), expected, label)
})

t.test('a multi-byte character cut by the end of the head is still text', async t => {
  const head = Buffer.concat([Buffer.from('été'), Buffer.from('é').subarray(0, 1)])
  t.same(detectType(head, '.txt'), { mime: 'text/plain', ext: '.txt' })
})

t.test('mediaKindOf sorts MIME types into the allowedTypes kinds', async t => {
  t.equal(mediaKindOf('image/svg+xml'), 'images')
  t.equal(mediaKindOf('video/webm'), 'videos')
  t.equal(mediaKindOf('audio/mpeg'), 'audios')
  t.equal(mediaKindOf('application/pdf'), 'files')
  t.equal(mediaKindOf('text/plain'), 'files')
})

t.test('file names lose paths, `..` and controls; hashes are path-safe and unique', async t => {
  t.equal(cleanFileName('../../etc/passwd'), 'passwd')
  t.equal(cleanFileName('C:\\Users\\me\\photo.JPG'), 'photo.JPG')
  t.equal(cleanFileName('a..b...png'), 'a.b.png')
  t.equal(cleanFileName('..'), 'file')
  t.equal(cleanFileName('.hidden'), 'hidden')
  t.equal(cleanFileName('bell\u0007\u202egnp.exe'), 'bellgnp.exe')
  t.equal(cleanFileName(`${'x'.repeat(300)}.png`).length, 255)
  t.ok(cleanFileName(`${'x'.repeat(300)}.png`).endsWith('.png'))
  t.equal(extensionOf('photo.JPG'), '.jpg')
  t.equal(extensionOf('README'), '')
  t.equal(extensionOf('.env'), '')
  t.match(fileHash('Été à Paris.jpg'), /^Ete_a_Paris_[0-9a-f]{10}$/)
  t.match(fileHash('日本.png'), /^file_[0-9a-f]{10}$/)
  t.not(fileHash('same.png'), fileHash('same.png'))
})

t.test('format boxes: a thumbnail above 245×156, a breakpoint when either side exceeds it', async t => {
  const breakpoints = { large: 1000, medium: 750, small: 500 }
  t.same(formatBoxes({ width: 1200, height: 800 }, breakpoints).map(([key]) => key), ['thumbnail', 'large', 'medium', 'small'])
  t.same(formatBoxes({ width: 400, height: 900 }, breakpoints).map(([key]) => key), ['thumbnail', 'medium', 'small'], 'portrait, as Strapi')
  t.same(formatBoxes({ width: 245, height: 156 }, breakpoints), [])
  t.same(formatBoxes({ width: 246, height: 10 }, {}).map(([key]) => key), ['thumbnail'])
})

t.test('the upload option is validated', async t => {
  t.same(resolveUploadOptions(false), { ok: true, value: false })
  t.match(resolveUploadOptions(undefined, '/srv/app'), { ok: true, value: { dir: '/srv/app/public/uploads', sizeLimit: 200 * 1024 * 1024, breakpoints: { large: 1000, medium: 750, small: 500 } } })
  t.match(resolveUploadOptions({ dir: 'files', sizeLimit: 10, breakpoints: { xl: 1920 } }, '/srv'), { ok: true, value: { dir: '/srv/files', sizeLimit: 10, breakpoints: { xl: 1920 } } })
  for (const bad of [null, 'yes', { sizeLimit: 0 }, { sizeLimit: 1.5 }, { dir: '' }, { breakpoints: { thumbnail: 100 } }, { breakpoints: { large: -1 } }, { breakpoints: { 'x/y': 10 } }, { folder: 'x' }]) {
    t.equal(resolveUploadOptions(bad).ok, false, JSON.stringify(bad))
  }
})
