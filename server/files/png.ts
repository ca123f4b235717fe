// A PNG from raw pixels with node:zlib alone: the QR code on issued documents
// (server/modules/documents/pdf.ts) and the web manifest's icons (scripts/app-icons.ts). Node 20
// has no zlib.crc32 (it came in 22.2), hence the table.
import { deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * An 8-bit PNG of `width` × `height` pixels, grey (1 byte a pixel) or RGBA (4). `scanlines` holds
 * each row as PNG stores it: a filter byte (0: none) and then the row's pixels.
 */
export function encodePng(image: { width: number; height: number; colour: 'grey' | 'rgba'; scanlines: Buffer; level?: number }): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header[8] = 8; // bits per channel
  header[9] = image.colour === 'grey' ? 0 : 6;
  const data = deflateSync(image.scanlines, image.level === undefined ? {} : { level: image.level });
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', data), chunk('IEND', Buffer.alloc(0))]);
}
