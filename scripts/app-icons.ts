// Writes public/icons/plantel-{192,512}.png, the PNG icons of the web manifest (app/manifest.ts),
// from the same drawing as app/icon.svg: phones install a web app from PNG icons of these sizes.
// The drawing is straight lines only, so a few lines of scan conversion (4×4 samples a pixel)
// and the PNG writer of server/files/png.ts draw it without an image library. Run: npx tsx scripts/app-icons.ts
import fs from 'node:fs';
import path from 'node:path';
import { encodePng } from '../server/files/png';

type Point = [number, number];

// app/icon.svg in its 64×64 box: a rounded square (rx 14) in the app's blue, and the mortarboard's
// two outlines, its path written out as points.
const BLUE = [0x1d, 0x4f, 0x7c];
const RADIUS = 14;
const OUTLINES: Point[][] = [
  [[32, 14], [8, 27], [32, 40], [51.6, 29.3], [51.6, 44], [56, 44], [56, 27]],
  [[18, 37.2], [18, 45.5], [32, 53], [46, 45.5], [46, 37.2], [32, 44.8]],
];

function inOutline(x: number, y: number, outline: Point[]): boolean {
  let inside = false;
  for (let i = 0, j = outline.length - 1; i < outline.length; j = i++) {
    const [xi, yi] = outline[i];
    const [xj, yj] = outline[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function inSquare(x: number, y: number): boolean {
  const cx = Math.min(Math.max(x, RADIUS), 64 - RADIUS);
  const cy = Math.min(Math.max(y, RADIUS), 64 - RADIUS);
  return (x - cx) ** 2 + (y - cy) ** 2 <= RADIUS ** 2;
}

function draw(size: number): Buffer {
  const samples = 4;
  const rows: Buffer[] = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let px = 0; px < size; px++) {
      let square = 0;
      let mark = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = ((px + (sx + 0.5) / samples) * 64) / size;
          const y = ((py + (sy + 0.5) / samples) * 64) / size;
          if (!inSquare(x, y)) continue;
          square++;
          if (OUTLINES.some((outline) => inOutline(x, y, outline))) mark++;
        }
      }
      const total = samples * samples;
      // Over the blue, the white mark by its share of the square's samples.
      const white = square ? mark / square : 0;
      const offset = 1 + px * 4;
      for (let c = 0; c < 3; c++) row[offset + c] = Math.round(BLUE[c] + (255 - BLUE[c]) * white);
      row[offset + 3] = Math.round((255 * square) / total);
    }
    rows.push(row);
  }
  return Buffer.concat(rows);
}

function png(size: number): Buffer {
  return encodePng({ width: size, height: size, colour: 'rgba', scanlines: draw(size), level: 9 });
}

const folder = path.join(process.cwd(), 'public/icons');
fs.mkdirSync(folder, { recursive: true });
for (const size of [192, 512]) {
  const file = path.join(folder, `plantel-${size}.png`);
  fs.writeFileSync(file, png(size));
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
